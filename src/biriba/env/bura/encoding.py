"""Bura's actions as integers and a seat's view as a vector.

>>> encoding = BuraEncoding()
>>> encoding.num_actions
7809
>>> encoding.describe(encoding.encode(Lead(0, (0,))))
'cards AS'

**Actions.** Ids 0-35 are the single cards of the pack (in :data:`~biriba.games.bura.PACK` order), then
every pair, then every three cards, each set sorted; then ``claim``, ``declare`` and ``pass``. A set of
cards is a lead or an answer as the phase says (never both at once), so one id serves both.

**Observation** (float32, :attr:`BuraEncoding.fields` gives each part's slice): the hand, the cards led to
the trick in progress, the last trick's lead and answer (36 each, one-hot by card), whether the seat took
the last trick, the trump suit (4) and card (36), whether the trump card is still under the stock, the
stock's size and each player's won cards (the piles' thickness) as shares of the pack, the phase (5), who
leads and who acts, the combination announced (3 kinds, by the seat or the other), whether the seat must
lead the combination it claimed, the pot and each player's tokens as shares of all the tokens, and the
hand sizes. Nothing the seat may not see: not the other hand, not the stock's order, not the won points.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from biriba.core.cards import card_code
from biriba.games.bura import PACK, Answer, BuraAction, BuraView, Claim, Declare, Lead, Pass, Phase
from biriba.games.bura.game import BURA, MOLODKA, THREE_ACES

_SETS: list[tuple[int, ...]] = [cards for size in (1, 2, 3) for cards in combinations(PACK, size)]
_PHASES = (Phase.CLAIM, Phase.LEAD, Phase.ANSWER, Phase.LAST_CALL, Phase.OVER)
_KINDS = (BURA, THREE_ACES, MOLODKA)


class BuraEncoding:
    """The action ids and the observation layout of Bura (the same for every rule option)."""

    def __init__(self) -> None:
        self.sets = _SETS
        self.set_ids = {cards: index for index, cards in enumerate(_SETS)}
        self.claim, self.declare, self.pass_ = len(_SETS), len(_SETS) + 1, len(_SETS) + 2
        self.num_actions = len(_SETS) + 3
        self.low = 0.0
        """The least value of every observation field (all of them lie in [0, 1])."""
        sizes = {
            "hand": 36,
            "trick": 36,
            "last_led": 36,
            "last_answer": 36,
            "took_last": 1,
            "trump_suit": 4,
            "trump_card": 36,
            "trump_in_stock": 1,
            "stock": 1,
            "won_cards": 2,
            "phase": len(_PHASES),
            "leading": 1,
            "acting": 1,
            "announced": 2 * len(_KINDS),
            "must_lead": 1,
            "stakes": 3,
            "hand_sizes": 2,
        }
        self.fields: dict[str, slice] = {}
        start = 0
        for name, size in sizes.items():
            self.fields[name] = slice(start, start + size)
            start += size
        self.size = start
        self._index = {card: index for index, card in enumerate(PACK)}

    # --- actions -------------------------------------------------------------------------------

    def encode(self, action: BuraAction) -> int:
        if isinstance(action, Lead | Answer):
            return self.set_ids[tuple(sorted(action.cards))]
        if isinstance(action, Claim):
            return self.claim
        return self.declare if isinstance(action, Declare) else self.pass_

    def decode(self, action_id: int, view: BuraView) -> BuraAction:
        """The action ``action_id`` stands for in ``view``'s phase (a set of cards: a lead or an answer)."""
        seat = view.current
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"action {action_id} is not an action of Bura (0..{self.num_actions - 1})")
        if action_id == self.claim:
            return Claim(seat)
        if action_id == self.declare:
            return Declare(seat)
        if action_id == self.pass_:
            return Pass(seat)
        cards = self.sets[action_id]
        return Answer(seat, cards) if view.phase is Phase.ANSWER else Lead(seat, cards)

    def describe(self, action_id: int) -> str:
        if action_id >= len(self.sets):
            return ("claim", "declare", "pass")[action_id - len(self.sets)]
        return "cards " + " ".join(card_code(card) for card in self.sets[action_id])

    def mask(self, legal: list[BuraAction]) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[[self.encode(action) for action in legal]] = 1
        return mask

    # --- observations --------------------------------------------------------------------------

    def observe(self, view: BuraView) -> np.ndarray:
        """``view`` as a vector (see the module doc)."""
        vector = np.zeros(self.size, dtype=np.float32)
        fields, index = self.fields, self._index
        seat, other = view.seat, 1 - view.seat

        def cards(name: str, held: tuple[int, ...]) -> None:
            part = vector[fields[name]]
            part[[index[card] for card in held]] = 1

        cards("hand", view.hand)
        cards("trick", view.trick)
        if view.last_trick is not None:
            cards("last_led", view.last_trick.led)
            cards("last_answer", view.last_trick.answer)
            vector[fields["took_last"]] = float(view.last_trick.winner == seat)
        vector[fields["trump_suit"]][view.trump] = 1
        cards("trump_card", (view.trump_card,))
        vector[fields["trump_in_stock"]] = float(view.trump_in_stock)
        vector[fields["stock"]] = view.stock_size / len(PACK)
        vector[fields["won_cards"]] = (view.won_cards[seat] / len(PACK), view.won_cards[other] / len(PACK))
        vector[fields["phase"]][_PHASES.index(view.phase)] = 1
        vector[fields["leading"]] = float(view.leader == seat)
        vector[fields["acting"]] = float(view.current == seat)
        if view.announced is not None:
            who, kind = view.announced
            vector[fields["announced"]][_KINDS.index(kind) + (0 if who == seat else len(_KINDS))] = 1
        vector[fields["must_lead"]] = float(bool(view.must_lead))
        total = max(1, view.pot + sum(view.tokens))
        vector[fields["stakes"]] = (view.pot / total, view.tokens[seat] / total, view.tokens[other] / total)
        vector[fields["hand_sizes"]] = (view.hand_sizes[seat] / 3, view.hand_sizes[other] / 3)
        return vector
