"""Bots: legal choices only, from views only, deterministic when seeded; greedy beats random."""

from __future__ import annotations

import dataclasses
import random
import statistics
import typing
from collections.abc import Sequence
from enum import Enum
from typing import Any

import pytest
from tests.builders import deck_for, position

from biriba.bots import BOT_LEVELS, GreedyBot, RandomBot, make_bot
from biriba.bots.base import OTHER_BOTS, Bot
from biriba.bots.heuristic import TABLE_WEIGHTS, HeuristicBot
from biriba.bots.judgement import Weights, discard_danger
from biriba.bots.play import play_hand, play_match, play_out
from biriba.bots.search import SearchBot, playout_turns
from biriba.bots.value import final_lead, state_value
from biriba.core.actions import Action, ChooseBonusSuit, Discard, Draw, Extend, Meld, Pass, TakePile
from biriba.core.cards import SUITS, pack, parse_card, shuffled_pack
from biriba.core.errors import InvalidInputError
from biriba.core.rules import PRESETS, Rules
from biriba.core.sampling import determinize
from biriba.core.state import HandState, Phase
from biriba.core.views import SeatView, observe

STANDARD = Rules.from_preset("standard")
MAX_ACTIONS = 5000


class Checked:
    """Wraps a bot: checks what it is given and that it answers with a listed action."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls = 0
        self.melds_played = 0

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.calls += 1
        assert self.calls < MAX_ACTIONS, "the hand does not end"
        assert type(view) is SeatView
        assert isinstance(rng, random.Random)
        assert legal, "a bot is asked to choose from no actions"
        assert all(action.seat == view.seat for action in legal)
        choice = self.inner.choose(view, legal, rng)
        assert choice in legal, f"{self.name} chose {choice}, which is not listed"
        if isinstance(choice, Meld | Extend):
            self.melds_played += 1
        return choice


RULE_SETS = {
    "standard": STANDARD,
    "no-sets": Rules.from_preset("standard", sets=False),
    "pile-rule": Rules.from_preset("standard", take_pile_requires_meld=True),
    "initial-meld": Rules.from_preset("standard", initial_meld="5000-c"),
    "no-biriba-needed": Rules.from_preset("standard", biriba_for_biribaki=False),
}


@pytest.mark.parametrize("rules_name", list(RULE_SETS))
@pytest.mark.parametrize("levels", [("random",) * 4, ("greedy", "random") * 2, ("random", "greedy") * 2])
def test_bots_choose_listed_legal_actions(rules_name: str, levels: tuple[str, ...]) -> None:
    rules = RULE_SETS[rules_name]
    for seed in range(3):
        bots = [Checked(make_bot(level)) for level in levels]
        record, state = play_hand(rules, bots, seed % 4, seed)
        assert state.is_over
        assert sum(bot.calls for bot in bots) == len(record.actions)
        # the engine accepts the record it made
        assert record.replay().fingerprint() == state.fingerprint()


def test_greedy_against_greedy_ends_and_stays_legal() -> None:
    for seed in range(8):
        bots = [Checked(GreedyBot()) for _ in range(4)]
        _, state = play_hand(STANDARD, bots, seed % 4, 100 + seed)
        assert state.is_over
        assert sum(bot.melds_played for bot in bots) > 0


def walk(value: object, seen: set[int] | None = None) -> typing.Iterator[object]:
    """Every object reachable from a view through fields and containers."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from walk(getattr(value, f.name), seen)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from walk(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from walk(item, seen)


class Spy:
    """Keeps what it is given, plays randomly."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[SeatView] = []

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        self.views.append(view)
        return legal[rng.randrange(len(legal))]


def test_bots_receive_views_with_nothing_hidden_and_nothing_mutable() -> None:
    spies = [Spy() for _ in range(4)]
    play_hand(STANDARD, spies, 0, 3)
    for seat, spy in enumerate(spies):
        assert spy.views
        for view in spy.views[::7]:
            assert view.seat == seat
            for part in walk(view):
                assert not isinstance(part, HandState)
                assert isinstance(part, int | str | bool | float | tuple | frozenset | Enum | type(None)) or (
                    dataclasses.is_dataclass(part) and type(part).__dataclass_params__.frozen  # type: ignore[attr-defined]
                ), f"a view holds a mutable {type(part).__name__}"


class Cheat:
    """Tries to look at the other hands and the draw pile."""

    name = "cheat"

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        view.hands  # type: ignore[attr-defined]  # noqa: B018
        return legal[0]


def test_a_bot_cannot_read_the_state() -> None:
    state = HandState.deal(STANDARD, 0, seed=1)
    with pytest.raises(AttributeError, match="hands"):
        play_out(state, [Cheat()] * 4, random.Random(1))
    assert not hasattr(SeatView, "draw_pile")
    for bot_class in (RandomBot, GreedyBot):
        assert typing.get_type_hints(bot_class.choose)["view"] is SeatView


def test_a_bot_cannot_change_what_it_sees() -> None:
    class Vandal:
        name = "vandal"

        def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
            view.hand_sizes = (0, 0, 0, 0)  # type: ignore[misc]
            return legal[0]

    with pytest.raises(AttributeError):
        play_out(HandState.deal(STANDARD, 0, seed=1), [Vandal()] * 4, random.Random(1))


@pytest.mark.parametrize("levels", [("random",) * 4, ("greedy",) * 4, ("greedy", "random") * 2])
def test_seeded_play_is_deterministic(levels: tuple[str, ...]) -> None:
    first, state1 = play_hand(STANDARD, [make_bot(x) for x in levels], 2, 31)
    again, state2 = play_hand(STANDARD, [make_bot(x) for x in levels], 2, 31)
    assert first.actions == again.actions
    assert state1.fingerprint() == state2.fingerprint()
    other, _ = play_hand(STANDARD, [make_bot(x) for x in levels], 2, 32)
    assert other.actions != first.actions


def test_seeded_matches_are_deterministic() -> None:
    rules = Rules.from_preset("standard", target=1000)
    bots = [make_bot("greedy"), make_bot("random")] * 2
    record1, match1 = play_match(rules, bots, seed=7)
    record2, match2 = play_match(rules, bots, seed=7)
    assert record1 == record2
    assert match1.totals == match2.totals and match1.is_over


def test_random_bot_uses_only_its_rng() -> None:
    state = HandState.deal(STANDARD, 0, seed=2)
    view, legal = observe(state, 1), state.legal_actions()
    bot = RandomBot()
    picks = [bot.choose(view, legal, random.Random(5)) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    assert {bot.choose(view, legal, random.Random(s)) for s in range(20)} == set(legal)


def test_make_bot() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert make_bot("greedy").name == "greedy" and make_bot("random").name == "random"
    with pytest.raises(InvalidInputError, match="unknown bot 'nosuch'"):
        make_bot("nosuch")


def test_greedy_beats_random_with_seats_swapped() -> None:
    greedy, rand = GreedyBot(), RandomBot()
    differences = []
    for seed in range(30):
        for greedy_team in (0, 1):
            bots = [greedy if seat % 2 == greedy_team else rand for seat in range(4)]
            _, state = play_hand(STANDARD, bots, seed % 4, 5000 + seed)
            scores = [s.score for s in state.team_scores_for_hand()]
            differences.append(scores[greedy_team] - scores[1 - greedy_team])
    assert len(differences) == 60
    # greedy wins by about 700-800 points a hand (standard deviation about 250)
    assert statistics.mean(differences) > 300
    assert sum(d > 0 for d in differences) >= 45


# --- every level, every format -----------------------------------------------------------------

FAST_SPECS = {
    "random": "random",
    "greedy": "greedy",
    "heuristic": "heuristic",
    "search": "search:worlds=2,plays=1",
    "textbook": "textbook",
}
"""Every bot, the search bot on a tiny budget so a hand in every format stays quick."""


def test_the_fast_specs_cover_every_bot() -> None:
    assert set(FAST_SPECS) == set(BOT_LEVELS + OTHER_BOTS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_bot_plays_every_format_and_preset(preset: str, players: int) -> None:
    rules = Rules.from_preset(preset, players=players)
    levels = list(FAST_SPECS.values())
    shift = (players + len(preset)) % len(levels)
    bots = [Checked(make_bot(levels[(seat + shift) % len(levels)])) for seat in range(players)]
    record, state = play_hand(rules, bots, players - 1, 900 + players)
    assert state.is_over
    assert record.replay().fingerprint() == state.fingerprint()
    assert all(bot.calls for bot in bots)


def test_a_wild_card_is_not_taken_back_for_another_the_seat_threw() -> None:
    """Two players holding only wild cards swapped Jokers for Twos round the table for ever (5% of
    two-player hands of heuristic self-play): each took a one-card pile of a wild card it had not thrown
    itself, and a wild card always extends some team meld. Once a seat threw a wild card, it leaves a
    one-card pile of any wild card for the draw."""
    two = Rules.from_preset("standard", players=2)
    state = position({0: "2S 2H JK 9D", 1: "4C 4H"}, rules=two, dealer=1, discard="2D", melds={0: ["5C 6C 7C"]})
    bot = make_bot("heuristic")
    assert bot.choose(observe(state, 0), state.legal_actions(), random.Random(0)) == TakePile(0)
    state.discarded[0] = (parse_card("JK"),)
    assert bot.choose(observe(state, 0), state.legal_actions(), random.Random(0)) == Draw(0)


def test_a_joker_turned_up_the_heuristic_names_the_suit_it_holds_most_of() -> None:
    """Classic rules: a Joker turned up lets the first player name the bonus suit. The compiled
    heuristic once failed here (the suit's strength, a sum of floats, was added up as an integer)."""
    classic = Rules.from_preset("classic", players=4)
    deck = deck_for(3, hands={0: "3H 4H 6H 8H 10H QH 2H 5S 9C"}, upcard="JK", rules=classic)
    state = HandState.deal(classic, dealer=3, deck=deck)
    assert state.phase is Phase.CHOOSE
    bot = make_bot("heuristic")
    hearts = SUITS.index("H")
    assert bot.choose(observe(state, 0), state.legal_actions(), random.Random(0)) == ChooseBonusSuit(0, hearts)


def test_before_partnerships_form_the_heuristic_takes_a_pile_that_lets_it_open_at_once() -> None:
    """Classic rules at three players: the first to lay the whole hand plays alone for the team's score.
    With the QD the hand is laid whole but the 8H (3S-6S, three 7s, 9D-QD), so the pile is taken though
    its one card is worth little on its own; a KC that opens nothing is left for the draw."""
    classic = Rules.from_preset("classic", players=3)
    hand = {0: "3S 4S 5S 6S 7H 7D 7C 9D 10D JD 8H"}
    opens = position(hand, rules=classic, dealer=2, discard="QD", seat_team=[-1, -1, -1])
    bot = make_bot("heuristic")
    assert bot.choose(observe(opens, 0), opens.legal_actions(), random.Random(0)) == TakePile(0)
    opens.apply(TakePile(0))
    assert any(isinstance(action, Meld) and len(action.melds) == 3 for action in opens.legal_actions())
    stays_closed = position(hand, rules=classic, dealer=2, discard="KC", seat_team=[-1, -1, -1])
    assert bot.choose(observe(stays_closed, 0), stays_closed.legal_actions(), random.Random(0)) == Draw(0)


def test_the_heuristic_extends_and_keeps_short_melds_rather_than_laying_them_early() -> None:
    """A new short meld earns a quarter of its way to a biriba (``new_meld_share``): the 7H goes on the
    team's 7s before 8C 9C 10C are laid, and 9H 10H with the Joker stay in hand. With the full share
    (the heuristic of before) both were laid at once."""
    extend = position({0: "9S 7H 8H JD QD 8C 9C 10C QC"}, phase=Phase.PLAY, melds={0: ["7S 7H 7D"]})
    keep = position({0: "5S 9H 10H KD 6C JK"}, phase=Phase.PLAY)
    for state, now, before in (
        (
            extend,
            Extend(0, 0, (parse_card("7H"),)),
            Meld(0, ((parse_card("8C"), parse_card("9C"), parse_card("10C")),)),
        ),
        (keep, Discard(0, parse_card("KD")), Meld(0, ((parse_card("9H"), parse_card("10H"), parse_card("JK")),))),
    ):
        view, legal = observe(state, 0), state.legal_actions()
        assert make_bot("heuristic").choose(view, legal, random.Random(0)) == now
        assert make_bot("heuristic:new_meld_share=1").choose(view, legal, random.Random(0)) == before


@pytest.mark.parametrize("level", ["greedy", "heuristic", "textbook"])
def test_with_the_draw_pile_spent_a_pile_that_cannot_be_melded_from_is_left(level: str) -> None:
    """Where taking a one-card pile with one card in hand forbids going out that turn, the 9H could not
    be laid on the team's hearts: taking it would only send the pile round the table for ever."""
    rules = Rules.from_preset("standard", going_out_after_one_card_pile=False)
    state = position(
        {1: "KS", 3: "4D 4C"},
        rules=rules,
        current=1,
        melds={1: ["5C 6C 7C 8C 9C 10C JC", "6H 7H 8H"]},
        biribaki_holder={0: 0, 1: 3},
        discard="9H",
        rest=0,
    )
    assert state.legal_actions() == [Pass(1), TakePile(1)]
    assert make_bot(level).choose(observe(state, 1), state.legal_actions(), random.Random(0)) == Pass(1)
    moved = position(
        {1: "KS QS", 3: "4D 4C"},
        rules=rules,
        current=1,
        melds={1: ["5C 6C 7C 8C 9C 10C JC", "6H 7H 8H"]},
        biribaki_holder={0: 0, 1: 3},
        discard="9H",
        rest=0,
    )
    assert make_bot(level).choose(observe(moved, 1), moved.legal_actions(), random.Random(0)) == TakePile(1)


@pytest.mark.parametrize("level", ["greedy", "heuristic", "search:worlds=3", "textbook"])
def test_a_one_card_pile_that_only_swaps_cards_is_left_for_the_draw(level: str) -> None:
    """Four players with one Two each, and a Two on the pile: none can meld, so taking the pile only
    swaps one Two for another, and if every player does it the hand never ends (a heuristic self-play
    hand once did). The bots draw. A pile whose card extends a team meld stays a choice: the rule-based
    bots take it, and the search weighs it against the draw (its playouts judge this near-empty table)."""
    state = position({0: "2S", 1: "2C", 2: "2D", 3: "2C"}, current=0, discard="2H")
    assert TakePile(0) in state.legal_actions()
    bot = make_bot(level)
    assert bot.choose(observe(state, 0), state.legal_actions(), random.Random(0)) == Draw(0)
    richer = position({0: "2S 9D", 1: "2C", 2: "2D", 3: "2C"}, current=0, discard="8C", melds={0: ["5C 6C 7C"]})
    view, legal = observe(richer, 0), richer.legal_actions()
    if isinstance(bot, SearchBot):
        assert TakePile(0) in bot.candidates(view, legal)
        assert TakePile(0) not in bot.candidates(observe(state, 0), state.legal_actions())
    else:
        assert bot.choose(view, legal, random.Random(0)) == TakePile(0)


@pytest.mark.parametrize("level", ["greedy", "heuristic", "search:worlds=3", "textbook"])
def test_a_bot_does_not_take_back_its_own_single_discard(level: str) -> None:
    """Two players who each take the other's one-card pile and throw out another card (one of them keeping
    its melds in hand) swap the same cards for ever: a textbook player and a pile-hungry one did in most
    two-player deals. A bot takes a single card back only when it now extends its team's melds (the
    search: the pile is no longer one of its candidates)."""
    two = Rules.from_preset("standard", players=2)
    bot = make_bot(level)

    def takes(state: HandState) -> bool:
        view, legal = observe(state, 0), state.legal_actions()
        if isinstance(bot, SearchBot):
            return TakePile(0) in bot.candidates(view, legal)
        return bot.choose(view, legal, random.Random(0)) == TakePile(0)

    fresh = position({0: "KS KH QD JD 5C 3H 8S", 1: "4C 4H"}, rules=two, dealer=1, discard="KD")
    assert takes(fresh)
    fresh.discarded[0] = (parse_card("KD"),)
    assert not takes(fresh)
    fresh.discarded[0] = ()
    fresh.discarded[1] = (parse_card("KD"),)  # the other player's discard: no reason to leave it
    assert takes(fresh)
    extends = position({0: "KS KH 5C 3H 8S", 1: "4C 4H"}, rules=two, dealer=1, melds={0: ["QD JD 10D"]}, discard="KD")
    extends.discarded[0] = (parse_card("KD"),)
    assert takes(extends)


@pytest.mark.parametrize(
    "level", ["heuristic", "search:worlds=3", "search:worlds=3,inference=0.5", "search:worlds=3,opponents=pool"]
)
def test_a_bot_chooses_the_same_in_every_world_its_view_allows(level: str) -> None:
    """Hidden cards dealt differently behind the same view: the choice cannot change."""
    rules = Rules.from_preset("standard")
    checked = 0
    for seed in range(4):
        state = HandState.deal(rules, dealer=0, seed=seed)
        greedy, rng = make_bot("greedy"), random.Random(seed)
        for _ in range(25 + 7 * seed):
            state.apply(greedy.choose(observe(state, state.current), state.legal_actions(), rng))
        view = observe(state, state.current)
        worlds = [determinize(view, random.Random(s)) for s in range(3)]
        assert len({w.fingerprint() for w in worlds}) == 3
        choices = {make_bot(level).choose(observe(w, w.current), w.legal_actions(), random.Random(1)) for w in worlds}
        assert len(choices) == 1
        checked += 1
    assert checked == 4


# --- the search bot -------------------------------------------------------------------------------


def test_search_keeps_the_heuristic_choice_unless_another_is_clearly_better() -> None:
    bot = SearchBot(caution=1.0)
    base = [10.0, 20.0, 30.0, 40.0]
    assert bot._best([base, [v + 1 for v in base]]) == 1  # better in every world: no spread at all
    noisy = [v + d for v, d in zip(base, [30.0, -28.0, 29.0, -27.0], strict=True)]
    assert bot._best([base, noisy]) == 0  # better on average, but within the noise
    assert bot._best([base, [v - 5 for v in base], [v + 3 for v in base], [v + 8 for v in base]]) == 3
    assert bot._best([[None, None], [1.0, None]]) == 1  # the heuristic's choice was possible nowhere
    assert SearchBot(caution=0.0)._best([base, noisy]) == 1


def test_search_opponents_in_playouts_are_drawn_from_the_pool_and_partners_play_the_heuristic() -> None:
    view = observe(HandState.deal(STANDARD, dealer=0, seed=3), 1)
    plain = SearchBot()
    assert plain._policies(view, random.Random(0)) == [plain.policy] * 4
    pooled = SearchBot(opponents="pool")
    drawn = [pooled._policies(view, random.Random(seed)) for seed in range(20)]
    assert all(policies[1] is pooled.policy and policies[3] is pooled.policy for policies in drawn)  # seat 1's side
    opponents = [type(policies[seat]) for policies in drawn for seat in (0, 2)]
    assert set(opponents) == {HeuristicBot, GreedyBot}


def test_search_sets_a_playout_against_the_rivals_mean_or_the_best_rival() -> None:
    # Six players, three teams (seats 0 and 3, 1 and 4, 2 and 5): the hand's end as a playout scores it
    # for seat 0 against the other teams' mean by default, as duplicate play measures, or the best's.
    state = HandState.deal(Rules.from_preset("standard", players=6), dealer=0, seed=4)
    rng = random.Random(4)
    greedy = make_bot("greedy")
    while not state.is_over:
        state.apply(greedy.choose(observe(state, state.current), state.legal_actions(), rng))
    scores = state.hand_score().seat_scores
    assert scores[1] != scores[2]
    assert final_lead(state, 0, "best") == scores[0] - max(scores[1], scores[2])
    assert final_lead(state, 0, "mean") == scores[0] - (scores[1] + scores[2]) / 2
    mid_hand = HandState.deal(Rules.from_preset("standard", players=6), dealer=0, seed=4)
    sides = [state_value(mid_hand, seat, rivals="best") for seat in range(3)]
    means = [state_value(mid_hand, seat, rivals="mean") for seat in range(3)]
    assert sides != means and sum(means) == pytest.approx(0.0)  # each side against the others' mean
    assert SearchBot().rivals == "mean" and state_value(mid_hand, 0) == means[0]


def test_search_candidates_start_with_the_heuristic_choice() -> None:
    state = HandState.deal(STANDARD, dealer=0, seed=5)
    state.apply(state.legal_actions()[0])  # draw: now the plays and the discard
    view, legal = observe(state, state.current), state.legal_actions()
    candidates = SearchBot(plays=1, discards=2).candidates(view, legal)
    assert candidates[0] == HeuristicBot().choose(view, legal, random.Random(0))
    assert len(candidates) == len(set(candidates)) <= 4
    assert sum(isinstance(a, Discard) for a in candidates) >= 2
    assert set(candidates) <= set(legal)


def test_a_seeded_search_decides_the_same_on_a_slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is counted in worlds; the clock is only a cap far above it. A machine so loaded that
    every world takes two seconds still samples every world and makes the same choice."""
    import biriba.bots.search as search_module

    state = HandState.deal(STANDARD, dealer=0, seed=8)
    state.apply(state.legal_actions()[0])  # a draw: the plays and the discards to choose from
    view, legal = observe(state, state.current), state.legal_actions()
    worlds: list[int] = []

    def counted(view: SeatView, rng: random.Random, inference: float = 0.0) -> HandState:
        worlds.append(1)
        return determinize(view, rng, inference)

    monkeypatch.setattr(search_module, "determinize", counted)
    idle = SearchBot(worlds=8).choose(view, legal, random.Random(3))
    assert len(worlds) == 8
    clock = iter(range(0, 10**6, 2))
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: float(next(clock)))
    worlds.clear()
    loaded = SearchBot(worlds=8).choose(view, legal, random.Random(3))
    assert len(worlds) == 8 and loaded == idle


def test_a_search_playout_plays_its_whole_horizon_of_turns() -> None:
    """A playout plays the rest of the seat's turn and ``turns`` turns after it: the cap on its actions
    grows with the horizon, so that a long one is not cut short."""
    rules = Rules.from_preset("standard", players=3)
    state = HandState.deal(rules, dealer=0, seed=11)
    state.apply(state.legal_actions()[0])  # a draw: the mover's plays and discards
    seat = state.current
    heuristic = HeuristicBot()
    movers: list[int] = []

    class Recording(Bot):
        name = "recording"

        def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
            movers.append(view.seat)
            return heuristic.choose(view, legal, rng)

    discard = next(a for a in state.legal_actions() if isinstance(a, Discard))
    for turns in (1, 4, 30):
        movers.clear()
        world = determinize(observe(state, seat), random.Random(turns))
        SearchBot()._playout(world, discard, seat, [Recording()] * 3, turns, random.Random(0))
        turns_begun = sum(1 for before, after in zip([seat, *movers[:-1]], movers, strict=True) if after != before)
        # The discard has already ended the seat's turn: the next seat's turn is played besides the horizon.
        assert turns_begun == turns + 1
    assert len(movers) > 60  # thirty turns took more actions than one turn's cap


@pytest.mark.parametrize(
    ("preset", "players", "horizon"),
    [
        ("standard", 2, 1),
        ("standard", 3, 6),
        ("kouridakis", 3, 6),
        ("standard", 4, 4),
        ("standard", 5, 5),
        ("kouridakis", 5, 5),
        ("standard", 6, 5),
        ("standard", 8, 7),
    ],
)
def test_a_search_plays_out_its_tables_horizon_unless_told_another(preset: str, players: int, horizon: int) -> None:
    """By default a playout runs the table's horizon (a round of the table at four, five, six and eight
    players, two rounds at three, one turn at two), whatever the preset: the default search weighs its
    candidates exactly as one told that horizon does, and not as one told another (a margin differs, or a
    choice)."""
    assert playout_turns(players) == horizon
    rules = Rules.from_preset(preset, players=players)
    state = HandState.deal(rules, dealer=0, seed=8)
    weighed = differed = 0
    while weighed < 3 and not state.is_over:
        seat, legal = state.current, state.legal_actions()
        view = observe(state, seat)
        if len(SearchBot().candidates(view, legal)) > 1:
            default = SearchBot(worlds=4).choose_with_margin(view, legal, random.Random(weighed))
            told = SearchBot(worlds=4, turns=horizon).choose_with_margin(view, legal, random.Random(weighed))
            other = SearchBot(worlds=4, turns=horizon + 2).choose_with_margin(view, legal, random.Random(weighed))
            assert default == told
            differed += default != other
            weighed += 1
        state.apply(HeuristicBot().choose(view, legal, random.Random(0)))
    assert weighed == 3
    assert differed >= 1


@pytest.mark.parametrize(
    "spec",
    [
        "search:worlds=0",
        "search:seconds=0",
        "search:turns=-1",
        "search:depth=3",
        "search:inference=1",
        "search:opponents=textbook",
        "search:rivals=worst",
    ],
)
def test_search_options_are_checked(spec: str) -> None:
    with pytest.raises(InvalidInputError, match="search"):
        make_bot(spec)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:turns=x", "bot spec 'search:turns=x': turns takes a number, not 'x'"),
        ("search:worlds=many", "worlds takes a number, not 'many'"),
        ("heuristic:greed=high", "greed takes a number, not 'high'"),
        ("search:depth=3,turns=2", "bot 'search' takes no option(s) depth"),
    ],
)
def test_a_bot_option_of_the_wrong_kind_is_named_as_such(spec: str, message: str) -> None:
    # A word where a number goes once read "takes no option(s) turns" (the constructor's own complaint,
    # read as an unknown option); the error names the option and what it takes.
    with pytest.raises(InvalidInputError) as raised:
        make_bot(spec)
    assert message in str(raised.value)


# --- the bots' generators -------------------------------------------------------------------------


class Peeker(Bot):
    """A greedy bot that keeps the generator state it is handed at its first decision of each hand."""

    name = "peeker"

    def __init__(self, states: list[tuple[Any, ...]]) -> None:
        self.states = states
        self.greedy = GreedyBot()
        self.hand: object = None

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.hand != (view.dealer, view.scores):
            self.hand = (view.dealer, view.scores)
            self.states.append(rng.getstate())
        return self.greedy.choose(view, legal, rng)


def shuffle_from(state: tuple[Any, ...], rules: Rules) -> list[int]:
    """The deck a generator in ``state`` would deal, shuffling as the deal does (random.Random(seed).shuffle)."""
    rebuilt = random.Random()
    rebuilt.setstate(state)
    deck = pack(rules.decks, rules.jokers)
    rebuilt.shuffle(deck)
    return deck


def test_no_bot_is_handed_a_generator_that_rebuilds_the_deal() -> None:
    """Whatever plays the bots (play_hand and play_match behind ``biriba watch``, the Gymnasium
    environment), the generator a bot draws from says nothing about the shuffle: started like the deal's,
    it would let the bot deal the same cards again and see every hand."""
    rules = Rules.from_preset("standard", players=2, target=800)
    states: list[tuple[Any, ...]] = []
    play_hand(rules, [Peeker(states), Peeker(states)], 0, 77)
    decks = [shuffled_pack(rules.decks, rules.jokers, 77)]
    match_record, _ = play_match(rules, [Peeker(states), Peeker(states)], seed=78)
    decks += [shuffled_pack(rules.decks, rules.jokers, deal.seed) for deal, _ in match_record.hands if deal.seed]
    from gymnasium.utils import seeding

    from biriba.env.gym_env import BiribaGymEnv

    env = BiribaGymEnv(rules, seat=0, dealer=0)
    env.bots[1] = Peeker(states)
    for seed in (5, 6):
        env.reset(seed=seed)
        deals, _ = seeding.np_random(seed)  # how the environment draws its deal's seed
        decks.append(shuffled_pack(rules.decks, rules.jokers, int(deals.integers(2**32))))
    assert len(states) >= 2 + len(match_record.hands)
    rebuilt = [shuffle_from(state, rules) for state in states]
    assert not any(deck in rebuilt for deck in decks)
    fresh = [random.Random(seed).getstate() for seed in (77, *(d.seed for d, _ in match_record.hands))]
    assert not any(state in fresh for state in states)


def test_a_discard_of_a_rank_the_next_player_is_known_to_hold_is_dangerous_only_where_sets_are_played() -> None:
    # Seat 1 plays after seat 0 and is known to hold two Sevens (taken with a pile): a Seven discarded
    # would go with them in a set, but not in Kouridakis, where melds are runs only.
    dangers = {}
    for preset in ("standard", "kouridakis"):
        state = position({0: "7H 10C 4D 9S", 1: "7D 7S KC QD"}, rules=Rules.from_preset(preset))
        for code in ("7D", "7S"):
            state.known[1][parse_card(code)] += 1
        view = observe(state, 0)
        dangers[preset] = (discard_danger(view, parse_card("7H")), discard_danger(view, parse_card("10C")))
    seven, unknown = dangers["standard"]
    assert seven > unknown
    seven, unknown = dangers["kouridakis"]
    assert seven == unknown


def test_the_heuristic_player_plays_a_table_with_weights_of_its_own_by_them_and_options_still_set_them() -> None:
    kouridakis_five = observe(HandState.deal(Rules.from_preset("kouridakis", players=5), dealer=0, seed=1), 0)
    standard_five = observe(HandState.deal(Rules.from_preset("standard", players=5), dealer=0, seed=1), 0)
    own = TABLE_WEIGHTS[("kouridakis", 5)]["new_meld_share"]
    assert own != Weights().new_meld_share
    assert HeuristicBot().weights_at(kouridakis_five).new_meld_share == own
    assert HeuristicBot().weights_at(standard_five) == Weights()
    chosen = HeuristicBot(new_meld_share=0.5, twin=3.0)
    assert chosen.weights_at(kouridakis_five) == Weights(new_meld_share=0.5, twin=3.0)
    assert HeuristicBot(twin=3.0).weights_at(kouridakis_five) == Weights(new_meld_share=own, twin=3.0)
