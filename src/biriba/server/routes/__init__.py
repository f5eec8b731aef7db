"""The HTTP API and the WebSocket, by area: the rules (:mod:`.rules`), players and their sessions
(:mod:`.accounts`), the lobby's tables (:mod:`.tables`), and the live table (:mod:`.live`). What a
route needs (the server, the player of the request's token) comes through :mod:`.deps`."""
