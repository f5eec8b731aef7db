"""The games other than Biriba that the rule sources describe, each a rules engine of its own beside
:mod:`biriba.core` (Biriba and Buraco): Bura (:mod:`biriba.games.bura`) and Tyzicha
(:mod:`biriba.games.tyzicha`).

A game's engine follows the shape of Biriba's: a hand state dealt from rules, a dealer and a seed or a
deck; whose turn it is; its legal actions, exact; ``apply`` that validates (an illegal action raises
:class:`biriba.core.errors.IllegalAction` naming its rule and changes nothing); a seat's view with only
what that seat may see; the end of the hand and its result; and a match. Like the core, an engine is pure:
no I/O, no clock, no global random state. Cards are the core's card numbers and codes (``AS``, ``10H``).
"""
