"""Bura's PettingZoo, Gymnasium and OpenSpiel adapters pass their libraries' checks and play the engine's game."""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence

import pytest

from tests.env.research import require_research_extra

research = require_research_extra()
np = research["numpy"]
pyspiel = research["pyspiel"]

from gymnasium.utils.env_checker import check_env  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import biriba.env.bura.openspiel_game  # noqa: E402, F401  (registers python_bura)
from biriba.env.bura.encoding import BuraEncoding  # noqa: E402
from biriba.env.bura.episode import BuraEpisode  # noqa: E402
from biriba.env.bura.gym_env import BuraGymEnv  # noqa: E402
from biriba.env.bura.pettingzoo_env import BuraAECEnv  # noqa: E402
from biriba.env.bura.pettingzoo_env import env as wrapped_env  # noqa: E402
from biriba.env.encoding import EncodingError  # noqa: E402
from biriba.games.bura import BuraAction, BuraRules, BuraState, BuraView, Lead, Phase, observe  # noqa: E402
from biriba.games.bura.bots import HeuristicBuraBot  # noqa: E402

ENCODING = BuraEncoding()


def test_every_legal_action_has_one_id_and_comes_back_from_it() -> None:
    for seed in range(30):
        state = BuraState.deal(BuraRules(), seed % 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            view = observe(state, state.current)
            ids = [ENCODING.encode(action) for action in legal]
            assert len(set(ids)) == len(ids)
            assert [ENCODING.decode(i, view) for i in ids] == legal
            state.apply(rng.choice(legal))


def test_the_observation_holds_the_view_and_nothing_hidden() -> None:
    state = BuraState.deal(BuraRules(), 0, seed=5)
    vector = ENCODING.observe(observe(state, 1))
    hand = vector[ENCODING.fields["hand"]]
    assert sorted(np.flatnonzero(hand).tolist()) == sorted(ENCODING._index[card] for card in state.hands[1])
    other = state.clone()
    other.hands[0], other.stock = other.stock[:3], other.hands[0] + other.stock[3:]  # another hand, same view
    other.hands[0].sort()
    assert np.array_equal(ENCODING.observe(observe(other, 1)), vector)
    assert not np.array_equal(ENCODING.observe(observe(other, 0)), ENCODING.observe(observe(state, 0)))


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    episode = BuraEpisode(BuraRules(), 0, seed=3)
    before = episode.state.fingerprint()
    illegal = next(i for i in range(ENCODING.num_actions) if i not in episode.legal_ids())
    with pytest.raises(EncodingError):
        episode.step(illegal)
    with pytest.raises(ValueError, match="not an action of Bura"):
        episode.step(ENCODING.num_actions)
    assert episode.state.fingerprint() == before and episode.actions == []


def test_pettingzoo_api_test_passes_and_rewards_are_the_outcome() -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(BuraAECEnv(), num_cycles=200)
    aec = BuraAECEnv()
    for seed in range(10):
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(aec.possible_agents, 0.0)
        for agent in aec.agent_iter():
            observation, reward, termination, truncation, _ = aec.last()
            totals[agent] += reward
            aec.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert aec.episode is not None and aec.episode.is_over
        assert tuple(totals.values()) == aec.episode.outcome()


def test_gymnasium_env_checker_passes_and_the_bot_plays_the_other_seat() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(BuraGymEnv(opponents="random", illegal_action="penalize"), skip_render_check=True)
    env = BuraGymEnv(seat=1, opponents="heuristic")
    wins = 0
    for seed in range(40):
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            observation, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert env.episode is not None and all(a.seat in (0, 1) for a in env.episode.actions)
        wins += reward > 0
    assert wins < 15  # a random learner against the heuristic player loses most hands


def test_gymnasium_opponents_are_named_as_for_biriba_or_given_as_bot_objects() -> None:
    class Remembering(HeuristicBuraBot):
        hands_seen = 0

        def choose(self, view: BuraView, legal: Sequence[BuraAction], rng: random.Random) -> BuraAction:
            Remembering.hands_seen += view.tricks_played == 0 and view.phase is Phase.LEAD
            return super().choose(view, legal, rng)

    bot = Remembering()
    env = BuraGymEnv(opponents=bot)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        dealt = BuraEpisode(env.rules, 0, seed=info["deal_seed"])  # the deal's seed deals it again
        assert np.array_equal(dealt.observation(0), observation["observation"])
        done = False
        while not done:
            observation, _, done, _, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        assert env.opponents[1] is bot  # an object plays every hand as it is
    assert Remembering.hands_seen > 0
    assert BuraGymEnv(opponent="random").opponent_specs == {1: "random"}  # the older keyword
    with pytest.raises(ValueError, match="opponents names 2 bots; the other seats are 1"):
        BuraGymEnv(opponents=["random", "random"])


def test_the_wrapped_pettingzoo_env_checks_the_order_and_the_bounds() -> None:
    aec = wrapped_env()
    with pytest.raises(AttributeError, match="reset"):
        aec.last()  # PettingZoo's own message: reset first
    aec.reset(seed=1)
    with pytest.raises(AssertionError):
        aec.step(ENCODING.num_actions)
    assert wrapped_env(dealer=1).unwrapped.dealer == 1


def test_openspiel_game_takes_the_preset_the_tables_name() -> None:
    assert pyspiel.load_game("python_bura").rules.special_leads
    assert not pyspiel.load_game("python_bura", {"preset": "plain"}).rules.special_leads
    assert not pyspiel.load_game("python_bura", {"special_leads": False}).rules.special_leads
    with pytest.raises(Exception, match="unknown Bura preset 'open' \\(known presets: standard, plain\\)"):
        pyspiel.load_game("python_bura", {"preset": "open"})


def test_openspiel_random_simulation_test_passes() -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_bura"), num_sims=5, serialize=False, verbose=False)


def _dealt(game: object, seed: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    return state


def test_openspiel_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_bura")
    state = _dealt(game, 2)
    rng = random.Random(2)
    for _ in range(6):
        if state.is_terminal():
            break
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
        legal = [a for a in state.legal_actions() if ENCODING.describe(a) != "declare"]
        state.apply_action(rng.choice(legal or state.legal_actions()))


def test_openspiels_ismcts_plays_bura_against_the_heuristic() -> None:
    game = pyspiel.load_game("python_bura")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(1))
    heuristic = HeuristicBuraBot()
    state = _dealt(game, 7)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            episode = state.episode
            view = episode.view(1)
            action = heuristic.choose(view, episode.state.legal_actions(), random.Random(0))
            state.apply_action(ENCODING.encode(action))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.episode.state.phase is Phase.OVER and any(isinstance(a, Lead) for a in state.episode.actions)
