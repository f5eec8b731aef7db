"""The online game: an ASGI server for tables with friends and bots (``biriba serve``).

Layout, one module per concept:

* :mod:`~biriba.server.settings`: what a server is started with (database, origins, limits).
* :mod:`~biriba.server.store`: the database (SQLAlchemy 2, Alembic migrations): players, tables,
  seats and each table's event log, the table's only truth.
* :mod:`~biriba.server.auth`: guest players and their signed tokens.
* :mod:`~biriba.server.table`: a live table, its state rebuilt by replaying the log (event sourcing),
  the views it sends to each seat, the bots that play its empty seats.
* :mod:`~biriba.server.protocol`: the WebSocket messages, strict pydantic schemas.
* :mod:`~biriba.server.connection`: one WebSocket connection as a small state machine, with its limits.
* :mod:`~biriba.server.broker`: table events between server processes (Redis pub/sub) or none.
* :mod:`~biriba.server.service`: what the routes share (the store, the live tables, the broker, the
  token checks) and the errors people see.
* :mod:`~biriba.server.routes`: the HTTP API and the WebSocket route by area (rules, players, tables,
  the live table), the current player a dependency (HTTP bearer token).
* :mod:`~biriba.server.app`: the FastAPI application: the routes, the error handlers, the browser client.
"""
