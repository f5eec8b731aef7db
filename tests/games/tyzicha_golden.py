"""Golden playthroughs of Tyzicha: whole seeded hands written out action by action (the legal actions, the
hands, the widow, the trick, the trump, the tricks taken), compared with the files in tests/games/golden/.

Each file starts with its record (rules, dealer, seed, the actions as JSON); tests/games/test_tyzicha_golden.py
replays the actions and compares the text. Accept a change of the engine's behaviour on purpose with
``python -m tests.games.tyzicha_golden`` (rewrite from the stored actions) or ``--new`` (play the hands anew
with the bots), then read the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from biriba.core.cards import SUITS, card_code
from biriba.games.tyzicha import TyzichaRules, TyzichaState, action_from_json, action_to_json, observe
from biriba.games.tyzicha.bots import BOTS, TyzichaBot
from biriba.games.tyzicha.platform import PRESETS

FOLDER = Path(__file__).resolve().parent / "golden"

HANDS: dict[str, tuple[int, int, str, tuple[str, str, str]]] = {
    # name: (seed, dealer, preset, the bots at seats 0, 1 and 2)
    "tyzicha-made": (3, 0, "standard", ("heuristic", "search", "heuristic")),
    "tyzicha-forced": (16, 0, "standard", ("heuristic", "search", "heuristic")),
    "tyzicha-conceded": (5, 0, "standard", ("heuristic", "search", "heuristic")),
    "tyzicha-russian": (10, 2, "russian", ("heuristic", "heuristic", "search")),
}
"""Hands chosen to show a contract raised and made with three marriages, the forced 100 played face down and
broken, the forced 100 conceded, and a broken contract under the Russian tables' rules (points rounded to fives)."""


def _cards(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_code(card) for card in cards) or "-"


def _action_text(data: dict[str, object]) -> str:
    words = [str(data["type"])]
    words += [str(data[name]) for name in ("value", "card") if name in data]
    if "to" in data:
        words.append(f"to {data['to']}")
    if data.get("marriage"):
        words.append("marriage")
    return " ".join(words)


def _trump(trump: int | None) -> str:
    return "-" if trump is None else SUITS[trump]


def render(seed: int, dealer: int, rules: TyzichaRules, actions: list[dict[str, object]], title: str) -> str:
    state = TyzichaState.deal(rules, dealer, seed=seed)
    record = {"dealer": dealer, "seed": seed, "rules": rules.to_json(), "actions": actions}
    lines = [
        f"# Golden playthrough: {title}",
        "# Made by tests/games/tyzicha_golden.py; accept a change on purpose with it, then read the diff.",
        f"record {json.dumps(record, sort_keys=True)}",
        "",
        f"dealer {dealer} · first to bid {state.current}",
        *(f"  hand {seat}: {_cards(state.hands[seat])}" for seat in range(3)),
        f"  widow: {_cards(state.widow)}",
    ]
    for number, data in enumerate(actions):
        legal = state.legal_actions()
        action = action_from_json(data)
        shown = [_action_text(action_to_json(a)) for a in legal]
        if len(shown) > 12:
            shown = [*shown[:12], f"… {len(shown) - 12} more"]
        lines += [
            "",
            f"{number} seat {action.seat} ({state.phase.value}): {_action_text(action_to_json(action))}",
            f"  legal ({len(legal)}): {', '.join(shown)}",
        ]
        taken = len(state.tricks)
        state.apply(action)
        view = observe(state, 0)
        lines.append(
            f"  {state.phase.value} · to act {state.current} · declarer {state.declarer} · contract {state.contract}"
            f" · trump {_trump(state.trump)} · trick {_cards(state.trick)} · tricks {view.tricks_won}"
        )
        lines.append(f"  hands: {' | '.join(_cards(hand) for hand in state.hands)}")
        if len(state.tricks) > taken:
            trick = state.tricks[-1]
            lines.append(
                f"  trick {len(state.tricks)}: {_cards(trick.cards)} led by {trick.leader}, taken by {trick.winner}"
            )
    assert state.result is not None, "a golden hand is played to its end"
    lines += ["", f"result {json.dumps(state.result.to_json(), sort_keys=True)}"]
    return "\n".join(lines) + "\n"


def play_new(seed: int, dealer: int, rules: TyzichaRules, names: tuple[str, str, str]) -> list[dict[str, object]]:
    state = TyzichaState.deal(rules, dealer, seed=seed)
    bots: list[TyzichaBot] = [BOTS[name]() for name in names]
    rngs = [random.Random(seed * 3 + seat) for seat in range(3)]
    actions = []
    while not state.is_over:
        seat = state.current
        action = bots[seat].choose(observe(state, seat), state.legal_actions(), rngs[seat])
        actions.append(action_to_json(action))
        state.apply(action)
    return actions


def stored(name: str) -> tuple[int, int, TyzichaRules, list[dict[str, object]]]:
    first = next(line for line in (FOLDER / f"{name}.txt").read_text().splitlines() if line.startswith("record "))
    record = json.loads(first.removeprefix("record "))
    return record["seed"], record["dealer"], TyzichaRules.from_json(record["rules"]), record["actions"]


def main(argv: list[str]) -> int:
    FOLDER.mkdir(exist_ok=True)
    for name, (chosen_seed, chosen_dealer, preset, bots) in HANDS.items():
        if "--new" in argv or not (FOLDER / f"{name}.txt").exists():
            seed, dealer, rules = chosen_seed, chosen_dealer, TyzichaRules(**PRESETS[preset])
            actions = play_new(seed, dealer, rules, bots)
        else:
            seed, dealer, rules, actions = stored(name)
        (FOLDER / f"{name}.txt").write_text(render(seed, dealer, rules, actions, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
