"""One hand played sub-action by sub-action: the engine behind every research adapter.

:class:`HandEpisode` holds the engine's :class:`HandState`, the :class:`HandRecord` of the engine
actions played so far, and the acting seat's unfinished meld action (its sub-action prefix). The
PettingZoo, Gymnasium and OpenSpiel adapters are thin layers over it, so they play exactly the
engine's game: the record of any episode replays through the engine to the same state and scores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from biriba.core.actions import Action
from biriba.core.cards import Card
from biriba.core.records import Deal, HandRecord
from biriba.core.rules import Rules
from biriba.core.sampling import determinize
from biriba.core.state import HandState
from biriba.core.views import SeatView, observe
from biriba.env.encoding import ActionEncoding, EncodingError, ObservationLayout, Pending, TurnChoices

REWARDS = ("score", "lead")
"""What the adapters pay each seat when a hand ends: its hand score in points (``score``), or its lead
over the other sides (``lead``: :func:`leads`; the leads add up to zero)."""


def leads(scores: Sequence[int], sides: Sequence[Sequence[int]]) -> list[float]:
    """Each seat's score less the mean score of the seats of the other ``sides``.

    >>> leads([300, 100, 300, 100], ((0, 2), (1, 3)))
    [200.0, -200.0, 200.0, -200.0]
    >>> leads([90, 30, 0], ((0,), (1,), (2,)))
    [75.0, -15.0, -60.0]
    """
    lead = [0.0] * len(scores)
    for side in sides:
        others = [score for seat, score in enumerate(scores) if seat not in side]
        for seat in side:
            lead[seat] = scores[seat] - (sum(others) / len(others) if others else 0.0)
    return lead


def check_reward(reward: str) -> str:
    """``reward``, where it is one of :data:`REWARDS`; ``ValueError`` naming them otherwise."""
    if reward not in REWARDS:
        raise ValueError(f"reward {reward!r} is not one of {REWARDS}")
    return reward


class EngineGapError(RuntimeError):
    """The engine lists no legal action for a hand that is not over: the hand cannot go on."""


@lru_cache(maxsize=32)
def encoding_for(rules: Rules) -> tuple[ActionEncoding, ObservationLayout]:
    """The action encoding and observation layout of ``rules`` (built once per rules: the meld table
    takes a few tens of milliseconds)."""
    encoding = ActionEncoding(rules)
    return encoding, ObservationLayout(encoding)


class HandEpisode:
    """A hand of Biriba whose seats act by sub-actions (see :mod:`biriba.env.encoding`)."""

    def __init__(
        self,
        rules: Rules,
        dealer: int = 0,
        *,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        """Deal a hand from ``seed`` or from ``deck`` (top card first), exactly as the engine deals."""
        self.encoding, self.layout = encoding_for(rules)
        self.record = HandRecord(
            rules,
            dealer,
            Deal(deck=None if deck is None else tuple(deck), seed=seed),
            scores=None if scores is None else tuple(scores),
        )
        self.state = self.record.start()
        self.prefix: tuple[int, ...] = ()
        """The acting seat's sub-actions so far in an unfinished meld action."""
        self._choices: TurnChoices | None = None
        self._views: dict[int, SeatView] = {}

    @classmethod
    def from_state(cls, state: HandState) -> HandEpisode:
        """An episode that goes on from ``state`` (a copy), e.g. a position set up for study. Its record
        has no deal (``record.start()`` refuses it): it lists only the actions played from here."""
        episode = cls.__new__(cls)
        episode.encoding, episode.layout = encoding_for(state.rules)
        episode.record = HandRecord(state.rules, state.dealer, Deal(), [], state.scores)
        episode.state = state.clone()
        episode.prefix = ()
        episode._choices = None
        episode._views = {}
        return episode

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def current(self) -> int:
        """The seat to act."""
        return self.state.current

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def choices(self) -> TurnChoices:
        """The legal sub-action sequences of the current decision (built once per engine action)."""
        if self._choices is None:
            if self.state.is_over:
                raise EncodingError("the hand is over: no seat acts")
            legal = self.state.legal_actions()
            if not legal:
                raise EngineGapError(
                    f"the engine lists no legal action for seat {self.state.current} after "
                    f"{len(self.record.actions)} actions of {self.record.to_json()}"
                )
            self._choices = TurnChoices(self.encoding, legal)
        return self._choices

    def legal_sub_actions(self) -> list[int]:
        """The sub-actions the current seat may play now (sorted); empty once the hand is over."""
        if self.state.is_over:
            return []
        return self.choices.legal_after(self.prefix)

    def action_mask(self) -> np.ndarray:
        """The legal sub-actions as a 0/1 int8 vector of length ``encoding.num_actions``."""
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        mask[self.legal_sub_actions()] = 1
        return mask

    def step(self, sub_action: int) -> Action | None:
        """Play one sub-action of the current seat: the engine action it completes, if any.

        Raise :class:`EncodingError` (and change nothing) if it is not legal now.
        """
        sub_action = int(sub_action)
        if self.state.is_over:
            raise EncodingError("the hand is over: no seat acts")
        prefix, action = self.choices.action_after(self.prefix, sub_action)
        if action is not None:
            self._apply(action)
        else:
            self.prefix = prefix
        return action

    def steps_for(self, action: Action) -> tuple[int, ...]:
        """The sub-actions that play the legal engine ``action`` now (with ``FINISH`` where a longer
        legal action would continue it); raise :class:`EncodingError` if it is not listed as legal."""
        if self.prefix:
            raise EncodingError(f"seat {self.current} is in the middle of a meld action: finish it first")
        choices = self.choices
        steps = self.encoding.sequence(action)
        if choices.complete.get(steps) != action:
            raise EncodingError(f"{action} is not a listed legal action now")
        return (*steps, self.encoding.finish) if steps in choices.next_steps else steps

    def apply_action(self, action: Action) -> None:
        """Play a whole engine action (as a bot does), between decisions; the engine validates it."""
        if self.prefix:
            raise EncodingError(f"seat {self.current} is in the middle of a meld action: finish it first")
        self._apply(action)

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        self.record.actions.append(action)
        self.prefix = ()
        self._choices = None
        self._views = {}

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the hand, built once per engine action: a learning loop or a search asks
        for a seat's information string and its observation tensor of the same state."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = observe(self.state, seat)
        return view

    def pending(self, seat: int) -> Pending:
        """``seat``'s own unfinished meld action (empty for a seat not acting)."""
        return Pending(self.prefix if seat == self.state.current else ())

    def observation(self, seat: int) -> np.ndarray:
        """``seat``'s observation vector: its view and its own unfinished meld action."""
        return self.layout.encode(self.view(seat), self.pending(seat))

    def seat_scores(self) -> tuple[int, ...]:
        """What each seat scores for the hand (so far, while it is not over)."""
        return self.state.hand_score().seat_scores

    def seat_rewards(self, reward: str) -> tuple[float, ...]:
        """Each seat's reward for the hand: its score (``score``) or its lead over the other sides
        (``lead``), as :data:`REWARDS` says."""
        scores = self.seat_scores()
        if reward == "lead":
            return tuple(leads(scores, self.state.rules.sides))
        return tuple(float(score) for score in scores)

    def resampled(self, seat: int, rng: random.Random) -> HandEpisode:
        """A hand that ``seat`` cannot tell from this one: the cards it has not seen dealt at random
        (``biriba.core.sampling.determinize``), its own unfinished meld action kept.

        For search only: its record has no deal (``record.start()`` refuses it) and no actions, since
        the true deal is exactly what the seat does not know.
        """
        other = HandEpisode.from_state(determinize(self.view(seat), rng))
        other.prefix = self.prefix if seat == self.state.current else ()
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> HandEpisode:
        """A deep copy is a clone: OpenSpiel copies Python states with ``copy.deepcopy``, and the
        encoding and the current decision's choices are never changed in place, so they are shared."""
        return self.clone()

    def clone(self) -> HandEpisode:
        other = HandEpisode.__new__(HandEpisode)
        other.encoding, other.layout = self.encoding, self.layout
        other.record = HandRecord(
            self.record.rules, self.record.dealer, self.record.deal, list(self.record.actions), self.record.scores
        )
        other.state = self.state.clone()
        other.prefix = self.prefix
        other._choices = self._choices  # read-only once built
        other._views = dict(self._views)  # views are immutable
        return other


class HoldsEpisode:
    """The hand an environment plays, once ``reset`` has dealt it (the environments' common part)."""

    episode: HandEpisode | None = None

    @property
    def record(self) -> HandRecord:
        """The engine record of the hand so far (every seat's actions; replays with ``HandRecord.replay``)."""
        return self._episode.record

    @property
    def _episode(self) -> HandEpisode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode
