"""Tyzicha's PettingZoo, Gymnasium and OpenSpiel adapters pass their libraries' checks, play the engine's game,
and show a seat nothing it may not see."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator

import pytest

from tests.env.research import require_research_extra

research = require_research_extra()
np = research["numpy"]
pyspiel = research["pyspiel"]

from gymnasium.utils.env_checker import check_env  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import biriba.env.tyzicha.openspiel_game  # noqa: E402, F401  (registers python_tyzicha)
from biriba.core.cards import card_code, parse_card  # noqa: E402
from biriba.env.encoding import EncodingError  # noqa: E402
from biriba.env.tyzicha.encoding import BIDS, MARRIAGE_CARDS, RAISES, TyzichaEncoding  # noqa: E402
from biriba.env.tyzicha.episode import TyzichaEpisode  # noqa: E402
from biriba.env.tyzicha.gym_env import TyzichaGymEnv  # noqa: E402
from biriba.env.tyzicha.pettingzoo_env import TyzichaAECEnv  # noqa: E402
from biriba.env.tyzicha.pettingzoo_env import env as wrapped_env  # noqa: E402
from biriba.games.registry import GAMES  # noqa: E402
from biriba.games.tyzicha import (  # noqa: E402
    PACK,
    Bid,
    Concede,
    Give,
    Pass,
    Phase,
    Play,
    Raise,
    TyzichaAction,
    TyzichaRules,
    TyzichaState,
    observe,
)
from biriba.games.tyzicha.bots import HeuristicTyzichaBot  # noqa: E402
from biriba.games.tyzicha.platform import PRESETS, TYZICHA  # noqa: E402

ENCODING = TyzichaEncoding()


def choose(legal: list[TyzichaAction], rng: random.Random) -> TyzichaAction:
    """A random kind of move, then a random move of that kind (as the random player does): uniformly random
    actions would raise nearly every contract and never concede one."""
    kind = rng.choice(sorted({kind_of(action) for action in legal}))
    return rng.choice([action for action in legal if kind_of(action) == kind])


def kind_of(action: TyzichaAction) -> str:
    if isinstance(action, Bid) and action.value == 100:
        return "forced 100"
    if isinstance(action, Play) and action.marriage:
        return "marriage"
    return type(action).__name__


def random_hands(count: int) -> Iterator[TyzichaEpisode]:
    """Episodes of random play over every preset and dealer, yielded before each move (and once over)."""
    for seed in range(count):
        rules = TyzichaRules(**PRESETS[sorted(PRESETS)[seed % len(PRESETS)]])
        episode = TyzichaEpisode(rules, seed % 3, seed=seed)
        rng = random.Random(seed)
        while not episode.is_over:
            yield episode
            episode.step(ENCODING.encode(choose(episode.state.legal_actions(), rng)))
        yield episode


def obs(state: TyzichaState, seat: int) -> np.ndarray:
    return ENCODING.observe(observe(state, seat))


def forced_hand(seed: int = 4, dealer: int = 0) -> TyzichaState:
    """A hand whose first two bidders passed, the third taking the forced 100 and giving two cards."""
    state = TyzichaState.deal(TyzichaRules(), dealer, seed=seed)
    state.apply(Pass(state.current))
    state.apply(Pass(state.current))
    state.apply(Bid(state.current, 100))
    declarer = state.current
    for to in ((declarer + 1) % 3, (declarer + 2) % 3):
        state.apply(Give(declarer, state.hands[declarer][0], to))
    return state


# --- the encoding -----------------------------------------------------------------------------------


def test_the_action_space_is_every_distinct_action_once() -> None:
    assert (len(BIDS), len(RAISES), len(MARRIAGE_CARDS)) == (31, 29, 8)
    assert ENCODING.num_actions == 31 + 1 + 2 * 24 + 29 + 1 + 24 + 8 == 142
    assert len({ENCODING.describe(i) for i in range(ENCODING.num_actions)}) == ENCODING.num_actions
    for seat in range(3):
        actions = [ENCODING.decode(i, seat) for i in range(ENCODING.num_actions)]
        assert len(set(actions)) == ENCODING.num_actions
        assert [ENCODING.encode(action) for action in actions] == list(range(ENCODING.num_actions))
        assert all(action.seat == seat for action in actions)
        assert {a.to for a in actions if isinstance(a, Give)} == {(seat + 1) % 3, (seat + 2) % 3}
    assert ENCODING.describe(ENCODING.encode(Give(0, parse_card("AH"), 1))) == "give AH left"
    assert ENCODING.describe(ENCODING.encode(Play(2, parse_card("QH"), True))) == "play QH marriage"
    with pytest.raises(ValueError, match="not an action of Tyzicha"):
        ENCODING.decode(ENCODING.num_actions, 0)
    with pytest.raises(ValueError, match="no id"):
        ENCODING.encode(Bid(0, 105))


def test_masks_are_the_engines_legal_actions_at_every_step_of_random_play() -> None:
    seen: set[str] = set()
    for episode in random_hands(60):
        mask = episode.action_mask()
        assert mask.shape == (ENCODING.num_actions,) and mask.dtype == np.int8
        if episode.is_over:
            assert not mask.any() and episode.legal_ids() == []
            continue
        legal = episode.state.legal_actions()
        ids = [ENCODING.encode(action) for action in legal]
        assert len(set(ids)) == len(ids)
        assert np.flatnonzero(mask).tolist() == sorted(ids) == episode.legal_ids()
        assert [ENCODING.decode(i, episode.current) for i in ids] == legal
        seen |= {kind_of(action) for action in legal}
    # The hands reached every kind of move, so every part of the mask was compared.
    assert seen == {"Bid", "forced 100", "Pass", "Give", "Raise", "Concede", "Play", "marriage"}


def test_the_observation_holds_the_seats_view() -> None:
    state = TyzichaState.deal(TyzichaRules(), 0, seed=5)
    fields = ENCODING.fields
    for seat in range(3):
        vector = obs(state, seat)
        assert sorted(np.flatnonzero(vector[fields["hand"]]).tolist()) == [PACK.index(c) for c in state.hands[seat]]
        assert not vector[fields["widow"]].any()
        assert vector[fields["acting"]].tolist() == [float(i == (state.current - seat) % 3) for i in range(3)]
        assert vector[fields["dealer"]].tolist() == [float(i == (0 - seat) % 3) for i in range(3)]
    state.apply(Bid(state.current, 110))
    state.apply(Pass(state.current))
    state.apply(Pass(state.current))
    declarer = state.declarer
    assert declarer is not None
    for seat in range(3):
        vector = obs(state, seat)
        # The widow is shown to the table for an ordinary contract; the auction is by relative seat.
        assert sorted(np.flatnonzero(vector[fields["widow"]]).tolist()) == sorted(PACK.index(c) for c in state.widow)
        bids = vector[fields["bids"]].reshape(3, len(BIDS))
        assert bids[(declarer - seat) % 3, BIDS.index(110)] == 1 and bids.sum() == 1
        assert vector[fields["passed"]].sum() == 2 and vector[fields["declarer"]][(declarer - seat) % 3] == 1
        assert vector[fields["contract"]][0] == pytest.approx(110 / 400)
    left = (declarer + 1) % 3
    card = state.hands[declarer][0]
    state.apply(Give(declarer, card, left))
    for seat in range(3):  # a card given face up: every seat sees it, under its receiver
        given = obs(state, seat)[fields["given"]].reshape(3, 24)
        assert given[(left - seat) % 3, PACK.index(card)] == 1 and given.sum() == 1


def by_seat(vector: np.ndarray, name: str) -> list[set[int]]:
    """A part of 3 × 24 of an observation as the cards in each relative seat's row."""
    part = vector[ENCODING.fields[name]].reshape(3, 24)
    return [{PACK[column] for column in np.flatnonzero(row)} for row in part]


def test_the_observation_holds_the_tricks_by_seat_and_the_result() -> None:
    fields, finished, shown = ENCODING.fields, 0, 0
    for episode in random_hands(12):
        state = episode.state
        for seat in range(3):
            vector = obs(state, seat)
            order = [(seat + r) % 3 for r in range(3)]  # relative seat r is seat order[r]
            played: list[set[int]] = [set(), set(), set()]
            won: list[set[int]] = [set(), set(), set()]
            for trick in state.tricks:
                for place, card in enumerate(trick.cards):
                    played[order.index(trick.seat_of(place))].add(card)
                won[order.index(trick.winner)] |= set(trick.cards)
            in_trick: list[set[int]] = [set(), set(), set()]
            for place, card in enumerate(state.trick):
                in_trick[order.index((state.leader + place) % 3)].add(card)
            assert by_seat(vector, "played") == played and by_seat(vector, "won") == won
            assert by_seat(vector, "trick") == in_trick
            taken = [len(state.won_cards(other)) / 3 / 8 for other in order]
            assert vector[fields["tricks_won"]].tolist() == pytest.approx(taken)
            marriages = {
                (order[r], int(suit))
                for r, suit in zip(*np.nonzero(vector[fields["marriages"]].reshape(3, 4)), strict=True)
            }
            assert marriages == set(state.marriages)
            result = state.result
            scores = [0.0] * 3 if result is None else [result.scores[other] / 400 for other in order]
            assert vector[fields["scores"]].tolist() == pytest.approx(scores)
            finished += result is not None and len(state.tricks) == 8
            shown += bool(state.marriages)
    assert finished and shown  # hands played to the end, and marriages shown


def test_the_forced_100_shows_the_widow_and_the_cards_given_only_where_the_rules_say() -> None:
    state = forced_hand()
    declarer = state.declarer
    assert declarer is not None and state.forced
    fields = ENCODING.fields
    for seat in range(3):
        vector = obs(state, seat)
        widow = np.flatnonzero(vector[fields["widow"]]).tolist()
        assert widow == (sorted(PACK.index(c) for c in state.widow) if seat == declarer else [])
        given = vector[fields["given"]].reshape(3, 24)
        visible = {(to, card) for to, card in state.given if seat in (to, declarer)}
        assert {(int(r + seat) % 3, PACK[c]) for r, c in zip(*np.nonzero(given), strict=True)} == visible
        assert vector[fields["forced"]][0] == 1


def test_an_observation_does_not_change_when_only_cards_the_seat_cannot_see_change() -> None:
    rng = random.Random(11)
    compared = changed = 0
    for episode in random_hands(24):
        state = episode.state
        for seat in range(3):
            mine = obs(state, seat)
            world = TYZICHA.determinize(state, seat, rng)
            assert isinstance(world, TyzichaState)
            assert np.array_equal(obs(world, seat), mine)
            compared += 1
            changed += any(not np.array_equal(obs(world, o), obs(state, o)) for o in range(3) if o != seat)
    # The worlds did differ in what the other seats hold: the equality above is not that of a copy.
    assert changed > compared // 2


def test_swapping_hidden_cards_changes_only_the_observations_of_seats_that_see_them() -> None:
    state = TyzichaState.deal(TyzichaRules(), 0, seed=9)
    other = state.clone()  # seat 0's two opponents swap a card, and seat 1 swaps one with the unshown widow
    other.hands[1][0], other.hands[2][0] = state.hands[2][0], state.hands[1][0]
    other.hands[1][1], widow = state.widow[0], list(state.widow)
    widow[0] = state.hands[1][1]
    other.widow = tuple(widow)
    other.hands = [sorted(hand) for hand in other.hands]
    assert np.array_equal(obs(other, 0), obs(state, 0))
    assert not np.array_equal(obs(other, 1), obs(state, 1))
    assert not np.array_equal(obs(other, 2), obs(state, 2))
    # The forced 100: the card given face down to one opponent is hidden from the other.
    state = forced_hand(seed=6)
    declarer = state.declarer
    assert declarer is not None
    receiver, card = state.given[0]
    bystander = 3 - declarer - receiver
    other = state.clone()
    swap = state.hands[declarer][0]
    other.hands[receiver] = sorted([swap if c == card else c for c in state.hands[receiver]])
    other.hands[declarer] = sorted([card if c == swap else c for c in state.hands[declarer]])
    other.given = [(receiver, swap), state.given[1]]
    assert np.array_equal(obs(other, bystander), obs(state, bystander))
    assert not np.array_equal(obs(other, receiver), obs(state, receiver))
    assert not np.array_equal(obs(other, declarer), obs(state, declarer))


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    episode = TyzichaEpisode(TyzichaRules(), 0, seed=3)
    before = episode.state.fingerprint()
    illegal = next(i for i in range(ENCODING.num_actions) if i not in episode.legal_ids())
    with pytest.raises(EncodingError):
        episode.step(illegal)
    with pytest.raises(ValueError, match="not an action of Tyzicha"):
        episode.step(ENCODING.num_actions)
    assert episode.state.fingerprint() == before and episode.actions == []


def test_rewards_are_the_hands_change_of_score() -> None:
    episode = TyzichaEpisode(TyzichaRules(), 0, seed=2)
    assert episode.outcome() == (0.0, 0.0, 0.0)
    episode.step(ENCODING.encode(Bid(episode.current, 110)))
    episode.step(ENCODING.pass_)
    episode.step(ENCODING.pass_)
    declarer = episode.current
    for to in ((declarer + 1) % 3, (declarer + 2) % 3):
        episode.step(ENCODING.encode(Give(declarer, episode.state.hands[declarer][0], to)))
    episode.step(ENCODING.encode(Raise(declarer, 200)))
    rng = random.Random(2)
    while not episode.is_over:
        episode.step(rng.choice(episode.legal_ids()))
    result = episode.state.result
    assert result is not None and result.contract == 200
    assert episode.outcome() == tuple(float(score) for score in result.scores)
    assert episode.outcome()[declarer] in (200.0, -200.0)
    conceded = TyzichaEpisode(TyzichaRules(), 0, seed=2)
    for action in episode.actions[:5]:
        conceded.apply(action)
    conceded.step(ENCODING.encode(Concede(declarer)))
    assert conceded.outcome() == tuple(-110.0 if seat == declarer else 40.0 for seat in range(3))


# --- PettingZoo ---------------------------------------------------------------------------------------


def play_aec_hand(aec: TyzichaAECEnv, seed: int | None) -> tuple[dict[str, float], list[int]]:
    aec.reset(seed=seed)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    moves = []
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        assert observation["action_mask"].any()
        for other in aec.possible_agents:  # only the agent on turn has a mask
            if other != agent:
                assert not aec.observe(other)["action_mask"].any()
        moves.append(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        aec.step(moves[-1])
    return totals, moves


def test_pettingzoo_api_test_passes_and_rewards_are_the_outcome() -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(TyzichaAECEnv(), num_cycles=200)
        api_test(TyzichaAECEnv(TyzichaRules(**PRESETS["russian"]), dealer=2), num_cycles=200)
    aec = TyzichaAECEnv()
    for seed in range(10):
        totals, _ = play_aec_hand(aec, seed)
        assert aec.episode is not None and aec.episode.is_over
        assert tuple(totals.values()) == aec.episode.outcome()
        assert any(totals.values())


def test_pettingzoo_hands_replay_from_their_seed() -> None:
    first = play_aec_hand(TyzichaAECEnv(), 21)
    assert play_aec_hand(TyzichaAECEnv(), 21) == first
    assert play_aec_hand(TyzichaAECEnv(), 22) != first


# --- Gymnasium -----------------------------------------------------------------------------------------


def test_gymnasium_env_checker_passes_and_bots_play_the_other_seats() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(TyzichaGymEnv(opponents="random", illegal_action="penalize"), skip_render_check=True)
    env = TyzichaGymEnv(seat=1, opponents="heuristic")
    learner = bots = 0.0
    for seed in range(30):
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            observation, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert env.episode is not None and {a.seat for a in env.episode.actions} == {0, 1, 2}
        outcome = env.episode.outcome()
        assert reward == outcome[1]
        learner, bots = learner + outcome[1], bots + (outcome[0] + outcome[2]) / 2
    assert learner < bots - 30 * 50  # a random learner scores far below the heuristic players


def test_gymnasium_opponents_may_be_one_per_seat_mixing_names_and_bot_objects() -> None:
    textbook = GAMES["tyzicha"].make_bot("textbook")
    env = TyzichaGymEnv(seat=0, opponents=["random", textbook])
    assert env.opponents[2] is textbook and type(env.opponents[1]).__name__ != type(textbook).__name__
    env.reset(seed=1)
    assert env.opponents[2] is textbook  # an object plays every hand as it is; a name is made anew
    with pytest.raises(ValueError, match="opponents names 1 bots; the other seats are 2"):
        TyzichaGymEnv(opponents=["random"])


def test_the_wrapped_pettingzoo_env_plays_a_hand() -> None:
    aec = wrapped_env(dealer=2)
    aec.reset(seed=4)
    for _agent in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        aec.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
    assert aec.unwrapped.episode.is_over and aec.unwrapped.dealer == 2


def test_gymnasium_illegal_actions_raise_or_are_penalized_and_change_nothing() -> None:
    strict = TyzichaGymEnv(opponents="random")
    observation, _ = strict.reset(seed=8)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(EncodingError):
        strict.step(illegal)
    lenient = TyzichaGymEnv(opponents="random", illegal_action="penalize", illegal_penalty=-5.0)
    observation, _ = lenient.reset(seed=8)
    assert lenient.episode is not None
    before = lenient.episode.state.fingerprint()
    after, reward, done, truncated, info = lenient.step(illegal)
    assert (reward, done, truncated, info) == (-5.0, False, False, {"illegal_action": True})
    assert lenient.episode.state.fingerprint() == before
    assert np.array_equal(after["observation"], observation["observation"])
    with pytest.raises(ValueError, match="illegal_action"):
        TyzichaGymEnv(illegal_action="ignore")


def test_gymnasium_hands_replay_from_their_seed() -> None:
    def play(seed: int) -> list[object]:
        env = TyzichaGymEnv(seat=2, opponents="random")
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace: list[object] = [observation["observation"].tolist()]
        done = False
        while not done:
            observation, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            trace += [observation["observation"].tolist(), reward]
        assert env.episode is not None
        return [*trace, [ENCODING.encode(a) for a in env.episode.actions]]

    assert play(5) == play(5)
    assert play(5) != play(6)


# --- OpenSpiel -----------------------------------------------------------------------------------------


def test_openspiel_random_simulation_test_passes() -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_tyzicha"), num_sims=5, serialize=False, verbose=False)
    game = pyspiel.load_game("python_tyzicha", {"preset": "russian", "dealer": 1})
    assert game.rules == TyzichaRules(**PRESETS["russian"]) and game.dealer == 1
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def _dealt(game: object, seed: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    return state


def _act(state: object, rng: random.Random) -> None:
    """A random move of a random kind but never a concession, so hands are played out."""
    legal = [action for action in state.episode.state.legal_actions() if not isinstance(action, Concede)]  # type: ignore[attr-defined]
    state.apply_action(ENCODING.encode(choose(legal, rng)))  # type: ignore[attr-defined]


def test_openspiel_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_tyzicha")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    phases, forced = set(), 0
    for seed in range(16):
        state = _dealt(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            phases.add(state.episode.state.phase)
            for _ in range(2):
                world = state.resample_from_infostate(player, sampler)
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.observation_string(player) == state.observation_string(player)
                assert world.observation_tensor(player) == state.observation_tensor(player)
                assert world.legal_actions() == state.legal_actions()
                # The world's record of the hand gives the cards its own hands were given.
                gives = [(action.to, action.card) for action in world.episode.actions if isinstance(action, Give)]
                assert gives == world.episode.state.given
            _act(state, rng)
        forced += state.episode.state.forced and len(state.episode.state.tricks) == 8
    assert {Phase.BID, Phase.FORCED, Phase.GIVE, Phase.DECLARE, Phase.PLAY} <= phases and forced


def test_openspiel_information_states_hide_a_card_given_face_down() -> None:
    game = pyspiel.load_game("python_tyzicha")
    state = _dealt(game, 3)
    state.apply_action(ENCODING.pass_)
    state.apply_action(ENCODING.pass_)
    state.apply_action(ENCODING.encode(Bid(state.current_player(), 100)))
    declarer = state.current_player()
    hand = state.episode.state.hands[declarer]
    left, right = (declarer + 1) % 3, (declarer + 2) % 3
    state.apply_action(ENCODING.encode(Give(declarer, hand[0], left)))
    state.apply_action(ENCODING.encode(Give(declarer, hand[1], right)))
    widow = sorted(card_code(card) for card in state.episode.state.widow)
    for player in range(3):
        view, moves = (json.loads(part) for part in state.information_state_string(player).split(" "))
        assert json.loads(state.observation_string(player)) == view
        assert sorted(view["widow"]) == (widow if player == declarer else [])
        sees = [player in (declarer, to) for to in (left, right)]
        assert [card is not None for _, card in view["given"]] == sees
        assert [move["card"] is not None for move in moves if move["type"] == "give"] == sees
        assert [move["to"] for move in moves if move["type"] == "give"] == [left, right]
        assert [move["card"] for move in moves if move["type"] == "give" and move["card"]] == [
            card_code(card) for to, card in state.episode.state.given if player in (declarer, to)
        ]


def test_openspiels_ismcts_plays_tyzicha_against_the_heuristic() -> None:
    game = pyspiel.load_game("python_tyzicha")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=10, random_state=np.random.RandomState(1))
    heuristic = HeuristicTyzichaBot()
    state = _dealt(game, 8)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            episode = state.episode
            view = episode.view(state.current_player())
            action = heuristic.choose(view, episode.state.legal_actions(), random.Random(0))
            state.apply_action(ENCODING.encode(action))
    assert state.episode.state.phase is Phase.OVER
    assert sum(isinstance(action, Play) and action.seat == 0 for action in state.episode.actions) == 8
    assert state.returns() == list(state.episode.outcome()) and any(state.returns())
