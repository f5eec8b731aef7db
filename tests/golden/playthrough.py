"""Golden playthroughs: one recorded hand per preset and per format, written out as readable text.

Each file in ``tests/golden/`` holds a hand record (rules, players, dealer, seed, every action) and,
step by step, what the engine made of it: the legal actions before each action (sorted, so that only a
change in *what* is legal shows), the public facts every view holds after it (the same for every seat;
after the deal in full, then the lines that changed), and at the end the score lines. ``test_golden.py``
replays each record and diffs the text, so that any change in the engine's behaviour shows up as a diff
that someone accepts on purpose, by running

    scripts/golden            # re-render every file from its stored actions (accept a change)
    scripts/golden --new      # play the hands anew with the bots (when stored actions no longer replay)

and reading ``git diff tests/golden`` before committing. The actions were chosen by bots once; the test
replays the stored actions and never asks the bots, so a change of a bot changes no golden file.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from biriba.bots import make_bot
from biriba.bots.play import play_out
from biriba.core.actions import (
    Action,
    ChooseBonusSuit,
    Discard,
    Draw,
    Extend,
    Meld,
    Pass,
    Redraw,
    TakePile,
    action_to_json,
)
from biriba.core.cards import SUITS, card_code, cards_of
from biriba.core.melds import meld_codes
from biriba.core.records import Deal, HandRecord, load_json
from biriba.core.rules import PLAYER_COUNTS, PRESETS, Rules
from biriba.core.scoring import BiribaScore
from biriba.core.state import NO_CARD, HandState
from biriba.core.views import SeatView, observe

FOLDER = Path(__file__).resolve().parent
BOTS = ("heuristic", "greedy")
"""The bots that chose the actions, alternating by seat (the test never runs them)."""


def tables() -> list[tuple[str, Rules]]:
    """One table per preset and per number of players (the preset's own partnerships), and the
    standard game of three in formed partnerships: (file name, rules)."""
    found = [
        (f"{preset}-{players}p", Rules.from_preset(preset, players=players))
        for preset in PRESETS
        for players in PLAYER_COUNTS
    ]
    found.append(("standard-3p-formed", Rules.from_preset("standard", players=3, partnerships="formed")))
    return found


def seed_of(name: str) -> int:
    """A seed per file, fixed by its name."""
    return sum(ord(ch) * 31**i for i, ch in enumerate(name)) % 1_000_003


# --- rendering -------------------------------------------------------------------------------------


def action_text(action: Action) -> str:  # noqa: PLR0911
    """A short, readable form of an action: ``draw``, ``x 4C``, ``meld 6H 7H 8H | QS QD JK``, ``ext 0: 9H``."""
    match action:
        case Draw():
            return "draw"
        case TakePile():
            return "take"
        case Pass():
            return "pass"
        case Redraw():
            return "redraw"
        case ChooseBonusSuit(_, suit):
            return "choose " + ("none" if suit is None else SUITS[suit])
        case Discard(_, card):
            return f"x {card_code(card)}"
        case Meld(_, melds):
            return "meld " + " | ".join(" ".join(card_code(c) for c in meld) for meld in melds)
        case Extend(_, index, cards):
            return f"ext {index}: " + " ".join(card_code(c) for c in cards)
    raise TypeError(action)


def _cards(cards: Iterator[int] | tuple[int, ...] | list[int]) -> str:
    return " ".join(card_code(c) for c in cards) or "-"


def public_lines(view: SeatView) -> list[str]:
    """What every seat's view shows alike (nothing of one seat's own cards)."""
    public = view.public
    pile = _cards(view.discard_pile)
    lines = [
        f"turn {view.current} {view.phase.name.lower()} · draw {view.draw_pile_size} · "
        f"pile({view.discard_pile_size}) {pile} · hands {' '.join(map(str, view.hand_sizes))} · "
        f"teams {' '.join(map(str, view.seat_team))} · passes {view.passes}",
        f"biribakia left {list(view.biribakia_left)} used {public.packets_used} · holders "
        f"{list(public.biribaki_holders)} · status {[status.value for status in view.biribaki]} · "
        f"unplayed {[seat for seat, flag in enumerate(public.unplayed_biribaki) if flag]}",
    ]
    flags = [
        name
        for name, on in (
            ("opening-turn", public.opening_turn),
            ("redraw-allowed", public.redraw_allowed),
            ("last-turn", public.last_turn),
            ("no-going-out", public.no_going_out),
            ("obligation-new-meld", public.obligation_new_meld),
        )
        if on
    ]
    if public.pile_obligation is not None:
        flags.append("owes " + _cards(sorted(public.pile_obligation)))
    if flags:
        lines.append("flags " + ", ".join(flags))
    for team, melds in enumerate(view.melds):
        if melds:
            shown = "; ".join(
                " ".join(meld_codes(m.cards, m.shape))
                + f" ({m.shape.kind}{'' if m.shape.kind == 'wild' else ' clean' if m.shape.clean else ' dirty'}"
                + (" biriba" if m.shape.is_biriba else "")
                + (" laid whole" if m.laid_whole else "")
                + ")"
                for m in melds
            )
            lines.append(f"melds {team}: {shown}")
    known = [f"{seat}: {_cards(cards_of(counts))}" for seat, counts in enumerate(view.known_cards) if any(counts)]
    if known:
        lines.append("known " + " | ".join(known))
    if view.went_out >= 0:
        lines.append(f"went out: seat {view.went_out}")
    return lines


def _public_of_every_seat(state: HandState) -> dict[str, str]:
    """The public lines by their label (``turn``, ``melds 1``...), checked to be the same in every
    seat's view."""
    seen = [public_lines(observe(state, seat)) for seat in range(state.players)]
    assert all(lines == seen[0] for lines in seen), "views disagree on public facts"
    return {_label(line): line for line in seen[0]}


def _label(line: str) -> str:
    words = line.split()
    return " ".join(words[:2]) if words[0] in ("melds", "biribakia") else words[0]


def _changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The public lines that changed, in order; a line gone is shown as its label and ``-``."""
    changed = [line for label, line in after.items() if before.get(label) != line]
    return changed + [f"{label} -" for label in before if label not in after]


def render(record: HandRecord, title: str) -> str:
    """The golden text of a hand record: the header, the deal, every step, the score lines."""
    state = record.start()
    rules = record.rules
    out = [
        f"# Golden playthrough: {title}",
        "# Made by tests/golden/playthrough.py; accept a change on purpose with scripts/golden, then read the diff.",
        "record " + json.dumps(record.to_json() | {"actions": len(record.actions)}, sort_keys=True),
        f"pack {rules.decks} decks + {rules.jokers} jokers · hands {rules.hand_size} · packets "
        f"{list(rules.packet_sizes)} · upcard {card_code(state.upcard) if state.upcard != NO_CARD else '-'} · "
        f"bonus suit {SUITS[state.bonus_suit] if state.bonus_suit is not None else '-'} · cut {state.cut}",
        "",
        "deal",
    ]
    out += [f"  hand {seat}: {_cards(state.hand_cards(seat))}" for seat in range(state.players)]
    out += [f"  biribaki {index}: {_cards(packet)}" for index, packet in enumerate(state.biribakia)]
    out.append(f"  draw pile (top first): {_cards(reversed(state.draw_pile))}")
    public = _public_of_every_seat(state)
    out += ["  " + line for line in public.values()]
    for index, action in enumerate(record.actions):
        legal = sorted(action_text(a) for a in state.legal_actions())
        out += ["", f"{index} seat {action.seat}: {action_text(action)}", f"  legal ({len(legal)}): {', '.join(legal)}"]
        state.apply(action)
        before, public = public, _public_of_every_seat(state)
        out += ["  " + line for line in _changes(before, public)]
    out += ["", "end" if state.is_over else "unfinished"]
    if state.is_over:
        out += [f"  hand {seat} left: {_cards(state.hand_cards(seat))}" for seat in range(state.players)]
        result = state.hand_score()
        for seats, team in zip(result.teams, result.team_scores, strict=True):
            lines = {key: value for key, value in team.to_json().items() if key != "biriba_list"}
            out.append(f"  seats {list(seats)}: " + json.dumps(lines))
            out += [f"    {_biriba_kind(b)} {_cards(b.cards)}: {b.bonus}" for b in team.biriba_list]
        out.append(f"  seat scores {list(result.seat_scores)}")
    return "\n".join(out) + "\n"


def _biriba_kind(biriba: BiribaScore) -> str:
    quality = "" if biriba.clean is None else " clean" if biriba.clean else " dirty"
    return f"{biriba.kind}{quality}{' laid whole' if biriba.laid_whole else ''}"


# --- files -----------------------------------------------------------------------------------------


def path_of(name: str) -> Path:
    return FOLDER / f"{name}.txt"


def stored_record(path: Path) -> HandRecord:
    """The record a golden file was made from: its ``record`` line names everything but the actions,
    which are read back from the steps."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = next(line for line in lines if line.startswith("record "))
    data = load_json(header.removeprefix("record "))
    assert isinstance(data, dict)
    actions_json = [json.loads(line.split("  json ", 1)[1]) for line in lines if line.startswith("  json ")]
    data["actions"] = actions_json
    return HandRecord.from_json(data)


def with_action_json(text: str, record: HandRecord) -> str:
    """Put each action's JSON form under its step, so the file holds the record in full."""
    out: list[str] = []
    steps = iter(record.actions)
    for line in text.splitlines():
        out.append(line)
        if line and line[0].isdigit() and " seat " in line:
            out.append("  json " + json.dumps(action_to_json(next(steps)), separators=(",", ":")))
    return "\n".join(out) + "\n"


def golden_text(record: HandRecord, title: str) -> str:
    return with_action_json(render(record, title), record)


def new_record(name: str, rules: Rules) -> HandRecord:
    """Play a hand of ``rules`` anew with the bots, seeded by the file name."""
    seed = seed_of(name)
    record = HandRecord(rules, seed % rules.players, Deal(seed=seed))
    bots = [make_bot(BOTS[seat % len(BOTS)]) for seat in range(rules.players)]
    record.actions = play_out(record.start(), bots, random.Random(seed))
    return record


def main(argv: list[str]) -> int:
    """``--new``: play every hand anew; otherwise re-render every file from its stored actions."""
    anew = "--new" in argv
    for name, rules in tables():
        path = path_of(name)
        record = new_record(name, rules) if anew or not path.exists() else stored_record(path)
        path.write_text(golden_text(record, name), encoding="utf-8")
        print(f"{path.relative_to(FOLDER.parent.parent)}: {len(record.actions)} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
