"""The textbook Tyzicha player (docs/tyzicha.md, "The textbook player"): legal in every preset, the same
under a seed, known by name beside the ladder without joining it, and following the named pieces of the
Thousand literature's advice in built positions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from biriba.core.cards import parse_cards
from biriba.games.tyzicha import (
    Bid,
    Concede,
    Give,
    Pass,
    Phase,
    Play,
    Raise,
    TyzichaRules,
    TyzichaState,
    observe,
    textbook,
)
from biriba.games.tyzicha.bots import BOTS
from biriba.games.tyzicha.game import HEARTS, Trick, TyzichaAction
from biriba.games.tyzicha.platform import TYZICHA
from biriba.games.tyzicha.textbook import TextbookTyzichaBot, count
from biriba.sim.game_ladders import default_ladder, main

RULES = TyzichaRules()
BOT = TextbookTyzichaBot()


def cs(text: str) -> list[int]:
    return sorted(parse_cards(text.split()))


def c(code: str) -> int:
    return parse_cards([code])[0]


def move(state: TyzichaState) -> TyzichaAction:
    """The textbook player's move for whoever is to act."""
    legal = state.legal_actions()
    action = BOT.choose(observe(state, state.current), legal, random.Random(0))
    assert action in legal
    return action


def state(hands: tuple[str, str, str], phase: Phase, current: int, **fields: object) -> TyzichaState:
    """A hand at ``phase`` with these hands (seat 0 declares 110 unless told), ``current`` to act."""
    built = TyzichaState(RULES, 2, [cs(hand) for hand in hands], tuple(cs("9C JC QC")), phase, current)
    if phase is not Phase.BID:
        built.declarer, built.contract, built.leader = 0, 110, current
    for name, value in fields.items():
        setattr(built, name, value)
    return built


# --- legal, reproducible, by name -------------------------------------------------------------------


@pytest.mark.parametrize("preset", TYZICHA.presets)
def test_it_plays_only_legal_actions_over_many_deals(preset: str) -> None:
    rules = TYZICHA.rules(preset)
    tables = (
        ("textbook", "textbook", "textbook"),
        ("textbook", "random", "random"),
        ("heuristic", "textbook", "random"),
    )
    for seed in range(120):
        dealt = TyzichaState.deal(rules, seed % 3, seed=seed)
        bots = [TYZICHA.make_bot(name) for name in tables[seed % len(tables)]]
        rngs = [random.Random(f"{seed}:{seat}") for seat in range(3)]
        while not dealt.is_over:
            seat = dealt.current
            legal = dealt.legal_actions()
            action = bots[seat].choose(observe(dealt, seat), legal, rngs[seat])
            assert action in legal, (preset, seed, action)
            dealt.apply(action)
        assert dealt.result is not None


def played_out(seed: int, rng_seed: int) -> TyzichaState:
    """Deal ``seed`` played to its end by three textbook players, each drawing from its own generator."""
    dealt = TyzichaState.deal(RULES, seed % 3, seed=seed)
    bots = [TextbookTyzichaBot() for _ in range(3)]
    rngs = [random.Random(f"{rng_seed}:{seat}") for seat in range(3)]
    while not dealt.is_over:
        seat = dealt.current
        dealt.apply(bots[seat].choose(observe(dealt, seat), dealt.legal_actions(), rngs[seat]))
    return dealt


def test_it_replays_under_a_seed_and_draws_nothing_from_chance() -> None:
    for seed in range(30):
        first = played_out(seed, seed)
        assert played_out(seed, seed).fingerprint() == first.fingerprint()
        # Other generators, the same moves: it decides from the view alone.
        assert played_out(seed, seed + 1000).fingerprint() == first.fingerprint()


def test_it_is_known_by_name_after_the_ladder_which_stays_as_it_was() -> None:
    assert TYZICHA.bots == (*BOTS, "textbook")
    assert tuple(BOTS) == ("random", "heuristic", "search")
    assert TYZICHA.make_bot("textbook").name == "textbook"
    assert default_ladder(TYZICHA) == ["random", "heuristic", "search"]


def test_the_ladder_measures_bots_against_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "tyzicha", "--against", "textbook", "--bots", "random", "--deals", "12", "--out", str(tmp_path)]
    assert main(args) == 0
    (row,) = json.loads((tmp_path / "summary.json").read_text())["steps"]
    assert (row["bot"], row["against"], row["deals"], row["better"]) == ("random", "textbook", 12, False)
    assert row["high"] < 0  # random loses to it
    readme = (tmp_path / "README.md").read_text()
    assert "against textbook" in readme and "| random vs textbook | 12 |" in readme and "NO (worse)" in readme
    assert readme == capsys.readouterr().out


# --- counting and bidding ---------------------------------------------------------------------------


def test_it_counts_aces_guarded_tens_whole_suits_and_marriages() -> None:
    assert count(cs("AS 9S AD 10D 9H JH 9C"), RULES) == 11 + 21
    assert count(cs("AS 10S KS AD 10D JD 9D"), RULES) == 30 + 30
    # The hearts marriage with its Jack, shown at the first lead; without that, it needs an Ace first.
    assert count(cs("KH QH JH 9S JS 9D JD"), RULES) == 100 + 4 + 3 + 2
    late = TyzichaRules(marriage_on_first_trick=False)
    assert count(cs("KH QH JH 9S JS 9D JD"), late) == 0
    assert count(cs("KH QH JH AS JS 9D JD"), late) == 11 + 109
    # A second marriage only when the first keeps the lead: its Queen led under its own Ace and Ten.
    assert count(cs("KH QH KS QS AD JD 9C"), RULES) == 107 + 11
    assert count(cs("AH 10H KH QH KS QS 9C"), RULES) == 30 + 100 + 47


def test_it_bids_what_it_counts_with_the_widows_hope() -> None:
    strong = state(("9S 9D JD 9C JS JC JH", "KH QH AS 10S 9H JH AD", "KS QS 10H AH 10D KD QD"), Phase.BID, 1)
    assert move(strong) == Bid(1, 110)  # 100 + 7 + 21 + 11 and 15 from the widow: 154
    strong.bids = [(1, 110), (2, 150)]
    assert move(strong) == Pass(1)  # 160 is above it
    weak = state(("9S 9D JD 9C JS JC JH", "AS 10S 9H JH AD 9D KC", "KS QS 10H AH 10D KD QD"), Phase.BID, 1)
    assert move(weak) == Pass(1)


def test_it_never_bids_over_120_without_a_marriage(monkeypatch: pytest.MonkeyPatch) -> None:
    # However much it hoped from the widow, a hand without a marriage stops at 120.
    monkeypatch.setattr(textbook, "WIDOW_HOPE", 300)
    bidding = state(("9S 9D JD 9C JS JC JH", "AS 10S KH AD 10D AC 10C", "KS QS 10H AH KD QD 9H"), Phase.BID, 1)
    assert move(bidding) == Bid(1, 110)
    bidding.bids = [(1, 110), (2, 120)]
    assert move(bidding) == Pass(1)
    bidding.hands[1] = cs("AS 10S KH QH 10D AC 10C")  # now with the hearts marriage
    assert move(bidding) == Bid(1, 130)


def test_forced_it_takes_110_only_with_a_count_that_makes_it() -> None:
    forced = state(("9S 9D JD 9C JS JC JH", "AS 10S 9H JH AD 9D KC", "KH QH 10H AH 10D KD QD"), Phase.FORCED, 2)
    assert move(forced) == Bid(2, 110)
    forced.current = 1
    assert move(forced) == Bid(1, 100)


# --- the widow, raising and conceding ----------------------------------------------------------------


def test_it_gives_away_cards_that_cannot_win_and_keeps_its_marriage_and_winners() -> None:
    giving = state(("KH QH 9H AS 10S AD 9C JC KC 9D", "JS QS KS JH JD QD", "10H AH 9S 10D KD 10C QC AC"), Phase.GIVE, 0)
    gifts = []
    for _ in range(2):
        gift = move(giving)
        assert isinstance(gift, Give)
        gifts.append(gift.card)
        giving.apply(gift)
    # The two nines that cannot win: not the hearts' 9 (a trump to be), not the lone King of clubs.
    assert sorted(gifts) == cs("9D 9C")


def test_it_raises_only_on_sure_points_and_concedes_a_lost_contract() -> None:
    rich = state(
        ("KH QH 9H AS 10S KS AD 9C", "JS QS JH JD QD 9D JC KC", "10H AH 9S 10D KD 10C QC AC"), Phase.DECLARE, 0
    )
    # 107 for the hearts, 30 for the spades, 11 for the Ace of diamonds: 148, so up to 140.
    assert move(rich) == Raise(0, 140)
    fair = state(
        ("KH QH JH 9S JS 9C JC 9D", "AS 10S KS JD QD 10D KC QC", "10H AH 9H QS AD KD 10C AC"), Phase.DECLARE, 0
    )
    assert move(fair) == Play(0, c("QH"), True)  # 109: not enough to raise, near enough to play
    poor = state(
        ("9H JH 9S JS QS 9C JC 10D", "AS 10S KS JD QD 9D KC QC", "10H AH KH QH AD KD 10C AC"), Phase.DECLARE, 0
    )
    assert move(poor) == Concede(0)  # nothing sure: 110 is out of reach


# --- the play ---------------------------------------------------------------------------------------


def test_the_declarer_cashes_its_ace_while_there_is_no_trump_then_shows_its_biggest_marriage() -> None:
    leading = state(
        ("KS QS KH QH AD 9C JC 9D", "AS 10S JS JD QD 10D KC QC", "10H AH 9H 9S KD 10C AC JH"), Phase.PLAY, 0
    )
    assert move(leading) == Play(0, c("AD"))  # no trump to ruff it: it keeps the lead
    leading.hands[0].remove(c("AD"))
    # The hearts (100) before the spades (40), led with the Queen.
    assert move(leading) == Play(0, c("QH"), True)


def test_a_defender_on_lead_shows_its_marriage() -> None:
    leading = state(
        ("AS 10S JS JD QD 10D KC QC", "KS QS 9H AD 9C JC 9D JH", "10H AH KH QH KD 10C AC 9S"), Phase.PLAY, 1
    )
    assert move(leading) == Play(1, c("QS"), True)


def test_the_declarer_draws_trumps_with_its_top_trump() -> None:
    # The Ace and Ten of hearts are gone: the King is the top trump, and draws the Queen and Jack still out
    # before the Ace of spades is cashed.
    gone = Trick(0, (c("QS"), c("AH"), c("10H")), HEARTS, 1)
    drawing = state(("KH 9H AS 9D", "QH JS JD QD", "JH 9S KD AC"), Phase.PLAY, 0, trump=HEARTS, tricks=[gone])
    drawing.marriages = [(0, HEARTS)]
    assert move(drawing) == Play(0, c("KH"))
    drawing.tricks.append(Trick(0, (c("9H"), c("QH"), c("JH")), HEARTS, 1))
    drawing.hands = [cs("KH AS 9D"), cs("JS JD QD"), cs("9S KD AC")]
    assert move(drawing) == Play(0, c("AS"))  # no trump is out: the side Ace


def test_a_defender_gives_an_ace_to_the_fellow_defenders_sure_trick() -> None:
    # Seat 1 leads the Ace of spades; seat 2, without spades and with no trump, gives its Ace to it.
    feeding = state(("KS QS 9H JD", "AS 10S JS QD", "AD 9D JC 9C"), Phase.PLAY, 2, trick=[c("AS")])
    feeding.leader = 1
    assert move(feeding) == Play(2, c("AD"))
    # A King of spades led with the Ace still out is no sure trick: the declarer plays after it.
    feeding.trick = [c("KS")]
    feeding.hands[0] = cs("AS QS 9H JD")
    assert move(feeding) == Play(2, c("9D"))
    # Last to play, behind the declarer, the fellow defender's trick is sure: the Ace goes to it.
    feeding.leader, feeding.trick = 0, [c("9S"), c("KS")]
    assert move(feeding) == Play(2, c("AD"))


def test_a_defender_plays_cheap_under_the_declarers_winner() -> None:
    ducking = state(("AS QS 9H JD", "AD 10H JC 9D", "KS 10S 9C QC"), Phase.PLAY, 1, trick=[c("AS")])
    ducking.leader = 0
    assert move(ducking) == Play(1, c("9D"))


def test_last_to_play_it_takes_with_its_lowest_winner() -> None:
    taking = state(("9S AD", "JS 9H", "AS 10S QS 9D"), Phase.PLAY, 2, trick=[c("9S"), c("JS")])
    taking.leader = 0
    assert move(taking) == Play(2, c("QS"))


def test_a_defender_does_not_lead_into_the_declarers_ruff() -> None:
    # The declarer trumped a club: the defender leads a diamond, not its cheaper club.
    ruffed = Trick(1, (c("KC"), c("10C"), c("9H")), HEARTS, 0)
    leading = state(("AH KS JS", "9C JD QD", "AC 10D 9D"), Phase.PLAY, 1, trump=HEARTS, tricks=[ruffed])
    leading.marriages = [(0, HEARTS)]
    assert move(leading) == Play(1, c("JD"))
    leading.tricks = []
    assert move(leading) == Play(1, c("9C"))
