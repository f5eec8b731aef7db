"""What an action did that the action itself does not say, as every player sees it.

A player who lays or discards the last card takes the team's biribaki, or goes out and ends the hand;
a packet becomes the draw pile when the draw pile runs out (the Buraco presets). None of these is an
action of its own, yet every player sees it happen: a client that lists the moves lists these with
the move that did them.

>>> from biriba.core.rules import Rules
>>> from biriba.core.state import HandState
>>> state = HandState.deal(Rules.from_preset("standard"), dealer=0, seed=1)
>>> watch = NewsWatch(state)
>>> state.apply(state.legal_actions()[0])
>>> watch.news(state)
()
"""

from __future__ import annotations

from dataclasses import dataclass

from biriba.core.errors import Reason
from biriba.core.state import HandState


@dataclass(frozen=True, slots=True)
class HandMarks:
    """What of a hand a move may change without saying: each team's biribaki holder (-1: none yet), the
    packets used, and whether the hand is over."""

    holders: tuple[int, ...]
    used: int
    over: bool

    @classmethod
    def of(cls, state: HandState) -> HandMarks:
        return cls(tuple(state.biribaki_holder), state.packets_used, state.is_over)


def move_news(before: HandMarks, after: HandState) -> tuple[Reason, ...]:
    """What happened between ``before`` and ``after`` (one action apart) that the action does not say:
    ``seat`` took the team's biribaki (``news.biribaki-taken``, or ``news.biribaki-taken-later`` where a
    discard took it and it is played from the next turn), a packet became the draw pile
    (``news.packet-draw-pile``), ``seat`` went out and the hand is over (``news.went-out``)."""
    news = []
    for was, now in zip(before.holders, after.biribaki_holder, strict=True):
        if was < 0 <= now:
            if after.unplayed_biribaki[now]:  # taken by a discard: played from the next turn
                news.append(Reason.of("news.biribaki-taken-later", seat=now))
            else:
                news.append(Reason.of("news.biribaki-taken", seat=now))
    for _ in range(after.packets_used - before.used - len(news)):
        news.append(Reason.of("news.packet-draw-pile"))
    if after.is_over and not before.over and after.went_out >= 0:
        news.append(Reason.of("news.went-out", seat=after.went_out))
    return tuple(news)


class NewsWatch:
    """Follows a hand action by action and says, after each, what it did that it does not say."""

    def __init__(self, dealt: HandState) -> None:
        self._marks = HandMarks.of(dealt)

    def news(self, state: HandState) -> tuple[Reason, ...]:
        """What the action just applied to ``state`` did (:func:`move_news`)."""
        news = move_news(self._marks, state)
        self._marks = HandMarks.of(state)
        return news
