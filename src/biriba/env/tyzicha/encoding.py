"""Tyzicha's actions as integers and a seat's view as a vector.

>>> encoding = TyzichaEncoding()
>>> encoding.num_actions, encoding.size
(142, 478)
>>> encoding.describe(encoding.encode(Bid(2, 110)))
'bid 110'
>>> encoding.describe(encoding.encode(Give(1, PACK[1], 0)))
'give 9S right'
>>> encoding.decode(encoding.encode(Give(1, PACK[1], 0)), 1) == Give(1, PACK[1], 0)
True

**Actions** (142 ids, the same for every seat and every rule option): ids 0-30 bid 100, 110, ..., 400
(100 is the forced contract, 110 the opening bid or the forced player's other choice); 31 pass; 32-79
give a card (24, in :data:`~biriba.games.tyzicha.PACK` order) to the giver's left (32-55) or right (56-79);
80-108 raise to 120, 130, ..., 400; 109 concede; 110-133 play a card; 134-141 play a Queen or King with
its marriage (QS KS QH KH QD KD QC KC). A give names its receiver relative to the giver, so an id means the
same move from every seat.

**Observation** (float32, 478 values; :attr:`TyzichaEncoding.fields` gives each part's slice). Seats are
relative to the observing seat: 0 itself, 1 its left (who plays after it), 2 its right. Cards are one-hot
over the pack (24). Parts: the hand; the widow once shown to this seat; the cards given, by receiver
(3 × 24; a card given face down to another seat is not there); the auction, which seat bid which value
(3 × 31, bid ids' order) and which seats passed (3); the declarer (3); the contract over 400; whether it is
the forced 100; whether it was raised; the trump suit (4); the marriages shown, by seat and suit (3 × 4);
who leads (3); the trick in progress, by seat (3 × 24); the cards each seat played to the tricks before
(3 × 24) and the cards of the tricks each seat took (3 × 24: every trick was seen played, so the view
holds them); tricks taken (3, over 8); hand sizes (3, over 10); the phase (6); who acts (3; none when the
hand is over); the dealer (3); and the hand's change of score per seat once it is over (3, over 400, the
only part below zero). Nothing the seat may not see: not the other hands, not a widow it was not shown,
not a card given face down to someone else.
"""

from __future__ import annotations

import numpy as np

from biriba.core.cards import card_code, rank_of
from biriba.games.tyzicha import PACK, Bid, Concede, Give, Pass, Phase, Play, Raise, TyzichaAction, TyzichaView
from biriba.games.tyzicha.game import (
    BID_STEP,
    FORCED_CONTRACT,
    KING,
    MAX_CONTRACT,
    OPENING_BID,
    PLAYERS,
    QUEEN,
    TRICKS,
)

BIDS = tuple(range(FORCED_CONTRACT, MAX_CONTRACT + 1, BID_STEP))
"""Every value a bid may have: the forced 100, then 110 to 400."""
RAISES = tuple(range(OPENING_BID + BID_STEP, MAX_CONTRACT + 1, BID_STEP))
"""Every value a raise may name: above the lowest contract that may be raised (110), up to 400."""
MARRIAGE_CARDS = tuple(card for card in PACK if rank_of(card) in (KING, QUEEN))
"""The Queens and Kings, the cards a marriage may be led with, in pack order."""
PHASES = (Phase.BID, Phase.FORCED, Phase.GIVE, Phase.DECLARE, Phase.PLAY, Phase.OVER)
MAX_HAND = 10
"""The most cards a hand holds: the declarer's seven and the widow."""


class TyzichaEncoding:
    """The action ids and the observation layout of Tyzicha (the same for every rule option)."""

    def __init__(self) -> None:
        cards = len(PACK)
        self.index = {card: place for place, card in enumerate(PACK)}
        self.bid = 0
        self.pass_ = self.bid + len(BIDS)
        self.give = self.pass_ + 1
        self.raise_ = self.give + 2 * cards
        self.concede = self.raise_ + len(RAISES)
        self.play = self.concede + 1
        self.marriage = self.play + cards
        self.num_actions = self.marriage + len(MARRIAGE_CARDS)
        self._bid_index = {value: place for place, value in enumerate(BIDS)}
        self._actions = [_actions(seat) for seat in range(PLAYERS)]
        """Each seat's actions in id order: decoding is a look-up, and so is encoding (``_ids``)."""
        assert all(len(actions) == self.num_actions for actions in self._actions)
        self._ids = {action: action_id for actions in self._actions for action_id, action in enumerate(actions)}
        sizes = {
            "hand": cards,
            "widow": cards,
            "given": PLAYERS * cards,
            "bids": PLAYERS * len(BIDS),
            "passed": PLAYERS,
            "declarer": PLAYERS,
            "contract": 1,
            "forced": 1,
            "raised": 1,
            "trump": 4,
            "marriages": PLAYERS * 4,
            "leader": PLAYERS,
            "trick": PLAYERS * cards,
            "played": PLAYERS * cards,
            "won": PLAYERS * cards,
            "tricks_won": PLAYERS,
            "hand_sizes": PLAYERS,
            "phase": len(PHASES),
            "acting": PLAYERS,
            "dealer": PLAYERS,
            "scores": PLAYERS,
        }
        self.fields: dict[str, slice] = {}
        start = 0
        for name, size in sizes.items():
            self.fields[name] = slice(start, start + size)
            start += size
        self.size = start
        self.low = np.zeros(self.size, dtype=np.float32)
        self.low[self.fields["scores"]] = -1.0
        """The least value of each part: 0, but -1 for the scores (a hand may lose up to 400)."""
        self._starts = {name: part.start for name, part in self.fields.items()}

    # --- actions -------------------------------------------------------------------------------

    def encode(self, action: TyzichaAction) -> int:
        action_id = self._ids.get(action)
        if action_id is None:
            raise ValueError(f"{action} has no id: no rule allows it")
        return action_id

    def decode(self, action_id: int, seat: int) -> TyzichaAction:
        """The action ``action_id`` stands for when ``seat`` plays it."""
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"action {action_id} is not an action of Tyzicha (0..{self.num_actions - 1})")
        return self._actions[seat][action_id]

    def describe(self, action_id: int) -> str:
        """``action_id`` in words, the same from every seat (``give 9S left``, ``play QH marriage``)."""
        action = self.decode(action_id, 0)
        if isinstance(action, Bid | Raise):
            return f"{'bid' if isinstance(action, Bid) else 'raise'} {action.value}"
        if isinstance(action, Give):
            return f"give {card_code(action.card)} {'left' if action.to == 1 else 'right'}"
        if isinstance(action, Play):
            return f"play {card_code(action.card)}{' marriage' if action.marriage else ''}"
        return "pass" if isinstance(action, Pass) else "concede"

    def mask(self, legal: list[TyzichaAction]) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[[self.encode(action) for action in legal]] = 1
        return mask

    # --- observations --------------------------------------------------------------------------

    def observe(self, view: TyzichaView) -> np.ndarray:
        """``view`` as a vector (see the module doc): the places of its ones gathered, then set at once."""
        vector = np.zeros(self.size, dtype=np.float32)
        start, index, cards = self._starts, self.index, len(PACK)
        seat = view.seat

        def rel(other: int) -> int:
            return (other - seat) % PLAYERS

        ones = [start["hand"] + index[card] for card in view.hand]
        ones += [start["widow"] + index[card] for card in view.widow]
        ones += [start["given"] + rel(to) * cards + index[card] for to, card in view.given if card is not None]
        for who, value in view.bids:
            if value is None:
                ones.append(start["passed"] + rel(who))
            else:
                ones.append(start["bids"] + rel(who) * len(BIDS) + self._bid_index[value])
        if view.declarer is not None:
            ones.append(start["declarer"] + rel(view.declarer))
        if view.trump is not None:
            ones.append(start["trump"] + view.trump)
        ones += [start["marriages"] + rel(who) * 4 + suit for who, suit in view.marriages]
        ones.append(start["leader"] + rel(view.leader))
        now = start["trick"]
        ones += [now + rel(view.leader + place) * cards + index[card] for place, card in enumerate(view.trick)]
        for trick in view.tricks:
            won = start["won"] + rel(trick.winner) * cards
            for place, card in enumerate(trick.cards):
                ones.append(start["played"] + rel(trick.leader + place) * cards + index[card])
                ones.append(won + index[card])
        ones.append(start["phase"] + PHASES.index(view.phase))
        if view.phase is not Phase.OVER:
            ones.append(start["acting"] + rel(view.current))
        ones.append(start["dealer"] + rel(view.dealer))
        vector[ones] = 1.0
        vector[start["contract"]] = view.contract / MAX_CONTRACT
        vector[start["forced"]] = float(view.forced)
        vector[start["raised"]] = float(view.raised)
        order = [(seat + offset) % PLAYERS for offset in range(PLAYERS)]
        vector[self.fields["tricks_won"]] = [view.tricks_won[other] / TRICKS for other in order]
        vector[self.fields["hand_sizes"]] = [view.hand_sizes[other] / MAX_HAND for other in order]
        if view.result is not None:
            vector[self.fields["scores"]] = [view.result.scores[other] / MAX_CONTRACT for other in order]
        return vector


def _actions(seat: int) -> list[TyzichaAction]:
    """Every action of ``seat``, in id order (the module doc)."""
    left, right = (seat + 1) % PLAYERS, (seat + 2) % PLAYERS
    return [
        *(Bid(seat, value) for value in BIDS),
        Pass(seat),
        *(Give(seat, card, to) for to in (left, right) for card in PACK),
        *(Raise(seat, value) for value in RAISES),
        Concede(seat),
        *(Play(seat, card) for card in PACK),
        *(Play(seat, card, True) for card in MARRIAGE_CARDS),
    ]
