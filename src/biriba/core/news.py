"""What an action did to the biribakia that the action itself does not say, as the players see it.

A player who lays or discards the last card takes the team's biribaki, and a packet becomes the draw
pile when the draw pile runs out (the Buraco presets): neither is an action of its own, yet every
player sees it happen. A client that lists the moves lists these beside them.

>>> from biriba.core.rules import Rules
>>> from biriba.core.state import HandState
>>> state = HandState.deal(Rules.from_preset("standard"), dealer=0, seed=1)
>>> watch = PacketWatch(state)
>>> state.apply(state.legal_actions()[0])
>>> watch.news(state)
()
"""

from __future__ import annotations

from dataclasses import dataclass

from biriba.core.errors import Reason
from biriba.core.state import HandState


@dataclass(frozen=True, slots=True)
class Packets:
    """Where the biribakia stand at one moment: each team's holder (-1: none yet) and the packets used."""

    holders: tuple[int, ...]
    used: int

    @classmethod
    def of(cls, state: HandState) -> Packets:
        return cls(tuple(state.biribaki_holder), state.packets_used)


def packet_news(before: Packets, after: HandState) -> tuple[Reason, ...]:
    """What became of the biribakia between ``before`` and ``after`` (one action apart): ``seat`` took
    the team's biribaki (``news.biribaki-taken``, or ``news.biribaki-taken-later`` where a discard took it
    and it is played from the next turn), or a packet became the draw pile (``news.packet-draw-pile``)."""
    news = []
    for was, now in zip(before.holders, after.biribaki_holder, strict=True):
        if was < 0 <= now:
            if after.unplayed_biribaki[now]:  # taken by a discard: played from the next turn
                news.append(Reason.of("news.biribaki-taken-later", seat=now))
            else:
                news.append(Reason.of("news.biribaki-taken", seat=now))
    for _ in range(after.packets_used - before.used - len(news)):
        news.append(Reason.of("news.packet-draw-pile"))
    return tuple(news)


class PacketWatch:
    """Follows a hand action by action and says, after each, what it did to the biribakia."""

    def __init__(self, dealt: HandState) -> None:
        self._packets = Packets.of(dealt)

    def news(self, state: HandState) -> tuple[Reason, ...]:
        """What the action just applied to ``state`` did to the biribakia (:func:`packet_news`)."""
        news = packet_news(self._packets, state)
        self._packets = Packets.of(state)
        return news
