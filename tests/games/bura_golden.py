"""Golden playthroughs of Bura: whole seeded hands written out action by action (the legal actions, the
hands, the stock, the trick, the won piles), compared with the files in tests/games/golden/.

Each file starts with its record (rules, dealer, seed, the actions as JSON); tests/games/test_bura_golden.py
replays the actions and compares the text. Accept a change of the engine's behaviour on purpose with
``python -m tests.games.bura_golden`` (rewrite from the stored actions) or ``--new`` (play the hands anew
with the bots), then read the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from biriba.core.cards import card_code
from biriba.games.bura import BuraRules, BuraState, action_from_json, action_to_json, observe
from biriba.games.bura.bots import BOTS, BuraBot

FOLDER = Path(__file__).resolve().parent / "golden"

HANDS: dict[str, tuple[int, int, tuple[str, str]]] = {
    # name: (seed, dealer, the bots at seats 0 and 1)
    "bura-declared": (11, 0, ("heuristic", "search")),
    "bura-claim": (6, 0, ("search", "heuristic")),
    "bura-drawn": (4, 0, ("random", "random")),
}
"""Hands chosen to show a declaration, a special lead claimed, and a hand played out."""


def _cards(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_code(card) for card in cards) or "-"


def _action_text(data: dict[str, object]) -> str:
    cards = data.get("cards")
    return f"{data['type']} {' '.join(cards)}" if isinstance(cards, list) else str(data["type"])


def render(seed: int, dealer: int, actions: list[dict[str, object]], title: str) -> str:
    state = BuraState.deal(BuraRules(), dealer, seed=seed)
    record = {"dealer": dealer, "seed": seed, "rules": BuraRules().to_json(), "actions": actions}
    lines = [
        f"# Golden playthrough: {title}",
        "# Made by tests/games/bura_golden.py; accept a change on purpose with it, then read the diff.",
        f"record {json.dumps(record, sort_keys=True)}",
        "",
        f"trump {card_code(state.trump_card)} · pot {state.pot} · tokens {state.tokens}",
        f"  hand 0: {_cards(state.hands[0])}",
        f"  hand 1: {_cards(state.hands[1])}",
        f"  stock (next first): {_cards(state.stock)}",
    ]
    for number, data in enumerate(actions):
        legal = state.legal_actions()
        action = action_from_json(data)
        lines += [
            "",
            f"{number} seat {action.seat} ({state.phase.value}): {_action_text(action_to_json(action))}",
            f"  legal ({len(legal)}): {', '.join(_action_text(action_to_json(a)) for a in legal)}",
        ]
        state.apply(action)
        view = observe(state, 0)
        lines.append(
            f"  {state.phase.value} · to act {state.current} · leader {state.leader} · trick {_cards(state.trick)}"
            f" · stock {len(state.stock)} · won {view.won_cards} · points {state.won_points(0)} {state.won_points(1)}"
        )
        lines.append(f"  hands: {_cards(state.hands[0])} | {_cards(state.hands[1])}")
        if state.announced is not None:
            lines.append(f"  announced: seat {state.announced[0]} {state.announced[1]}")
    assert state.result is not None, "a golden hand is played to its end"
    lines += [
        "",
        f"result {json.dumps(state.result.to_json(), sort_keys=True)} · pot {state.pot} · tokens {state.tokens}",
    ]
    return "\n".join(lines) + "\n"


def play_new(seed: int, dealer: int, names: tuple[str, str]) -> list[dict[str, object]]:
    state = BuraState.deal(BuraRules(), dealer, seed=seed)
    bots: list[BuraBot] = [BOTS[name]() for name in names]
    rngs = [random.Random(seed * 2 + seat) for seat in range(2)]
    actions = []
    while not state.is_over:
        seat = state.current
        action = bots[seat].choose(observe(state, seat), state.legal_actions(), rngs[seat])
        actions.append(action_to_json(action))
        state.apply(action)
    return actions


def stored_actions(name: str) -> tuple[int, int, list[dict[str, object]]]:
    first = next(line for line in (FOLDER / f"{name}.txt").read_text().splitlines() if line.startswith("record "))
    record = json.loads(first.removeprefix("record "))
    return record["seed"], record["dealer"], record["actions"]


def main(argv: list[str]) -> int:
    FOLDER.mkdir(exist_ok=True)
    for name, (chosen_seed, chosen_dealer, bots) in HANDS.items():
        if "--new" in argv or not (FOLDER / f"{name}.txt").exists():
            seed, dealer = chosen_seed, chosen_dealer
            actions = play_new(seed, dealer, bots)
        else:
            seed, dealer, actions = stored_actions(name)
        (FOLDER / f"{name}.txt").write_text(render(seed, dealer, actions, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
