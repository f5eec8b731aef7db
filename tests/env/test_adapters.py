"""The PettingZoo, Gymnasium and OpenSpiel adapters pass their libraries' checks and play the engine's game."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Sequence

import pytest

from tests.env.research import require_research_extra

research = require_research_extra()
np = research["numpy"]
pyspiel = research["pyspiel"]

from gymnasium.utils.env_checker import check_env  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from biriba.bots.greedy import GreedyBot  # noqa: E402
from biriba.core.actions import Action  # noqa: E402
from biriba.core.records import HandRecord  # noqa: E402
from biriba.core.rules import Rules  # noqa: E402
from biriba.core.state import HandState  # noqa: E402
from biriba.core.views import SeatView, observe  # noqa: E402
from biriba.env.encoding import DISCARD, EncodingError, ObservationLayout  # noqa: E402
from biriba.env.episode import encoding_for  # noqa: E402
from biriba.env.gym_env import BiribaGymEnv  # noqa: E402
from biriba.env.openspiel_game import BiribaState, info_string  # noqa: E402
from biriba.env.pettingzoo_env import BiribaAECEnv, env  # noqa: E402


def replayed_scores(record: HandRecord) -> tuple[int, ...]:
    """The seat scores of a record replayed by the engine from its JSON (as a saved game would be)."""
    state = HandRecord.from_json(record.to_json()).replay()
    assert state.is_over
    return state.hand_score().seat_scores


# --- PettingZoo ---------------------------------------------------------------------------------


def test_pettingzoo_api_test_passes() -> None:
    with warnings.catch_warnings():
        # Dict observations with an action mask are how PettingZoo's own card games do it; api_test
        # only advises a plain Box.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(), num_cycles=300)
        api_test(BiribaAECEnv(Rules.from_preset("standard", players=3, partnerships="formed")), num_cycles=300)


def play_pettingzoo_hand(aec: BiribaAECEnv, seed: int) -> dict[str, float]:
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        rewards[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return rewards


def test_a_pettingzoo_episode_replays_through_the_engine_to_the_same_scores() -> None:
    aec = BiribaAECEnv()
    rewards = play_pettingzoo_hand(aec, seed=21)
    scores = replayed_scores(aec.record)
    assert [rewards[f"player_{seat}"] for seat in range(4)] == [float(s) for s in scores]
    assert any(scores), "a hand where nobody scores says little"
    # The same seed deals and plays the same hand again.
    again = BiribaAECEnv()
    assert play_pettingzoo_hand(again, seed=21) == rewards
    assert again.record.to_json() == aec.record.to_json()


def test_pettingzoo_refuses_an_illegal_sub_action_and_changes_nothing() -> None:
    aec = BiribaAECEnv()
    aec.reset(seed=2)
    agent = aec.agent_selection
    before = aec.observe(agent)
    with pytest.raises(EncodingError, match="not legal here"):
        aec.step(DISCARD)
    assert aec.agent_selection == agent and aec.record.actions == []
    after = aec.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_pettingzoo_lead_rewards_set_each_team_against_the_other_and_add_up_to_zero() -> None:
    scored = play_pettingzoo_hand(BiribaAECEnv(), seed=21)
    led = play_pettingzoo_hand(BiribaAECEnv(reward="lead"), seed=21)
    score = [scored[f"player_{seat}"] for seat in range(4)]
    assert score[0] != score[1], "the seeded hand should end with the teams apart"
    assert [led[f"player_{seat}"] for seat in range(4)] == [score[s % 2] - score[1 - s % 2] for s in range(4)]
    with pytest.raises(ValueError, match="reward 'points' is not one of"):
        BiribaAECEnv(reward="points")


def test_the_wrapped_pettingzoo_env_takes_the_dealer_and_the_reward() -> None:
    aec = env(Rules.from_preset("standard", players=3), dealer=2, reward="lead")
    aec.reset(seed=1)
    assert aec.unwrapped.record.dealer == 2 and aec.unwrapped.reward == "lead"
    assert aec.agent_selection == "player_0"  # the seat after the dealer plays first


def test_an_id_outside_the_encoding_is_refused_with_the_range() -> None:
    aec = BiribaAECEnv()
    aec.reset(seed=2)
    last = aec.encoding.num_actions - 1
    with pytest.raises(EncodingError, match=rf"sub-action 99999 is not a sub-action of these rules \(0..{last}\)"):
        aec.step(99999)
    assert aec.record.actions == []


# --- Gymnasium ----------------------------------------------------------------------------------


def play_gymnasium_hand(gym_env: BiribaGymEnv, seed: int) -> float:
    """A hand of random legal sub-actions by the learner; the reward it was paid in all."""
    observation, _ = gym_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, terminated = 0.0, False
    while not terminated:
        observation, reward, terminated, _, _ = gym_env.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
        total += reward
    return total


def test_gymnasium_env_checker_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings too
        check_env(BiribaGymEnv(opponents="random", illegal_action="penalize"), skip_render_check=True)


def test_a_gymnasium_episode_replays_through_the_engine_to_the_same_score() -> None:
    gym_env = BiribaGymEnv(seat=1, opponents=["greedy", "heuristic", "random"])
    observation, _ = gym_env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = 0.0
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = gym_env.step(action)
        assert not truncated
        total += reward
    scores = replayed_scores(gym_env.record)
    assert total == float(scores[1])
    seats = {action.seat for action in gym_env.record.actions}
    assert seats == {0, 1, 2, 3}, "the bots and the learner all played"


def test_gymnasium_illegal_sub_actions_raise_or_are_penalized_and_change_nothing() -> None:
    strict = BiribaGymEnv(opponents="random")
    strict.reset(seed=8)
    played = list(strict.record.actions)  # the bots' actions before the learner's first turn
    with pytest.raises(EncodingError, match="not legal here"):
        strict.step(DISCARD)
    assert strict.record.actions == played

    lenient = BiribaGymEnv(opponents="random", illegal_action="penalize", illegal_penalty=-3)
    observation, _ = lenient.reset(seed=8)
    actions_before = list(lenient.record.actions)
    again, reward, terminated, _, info = lenient.step(DISCARD)
    assert (reward, terminated, info) == (-3.0, False, {"illegal_action": True})
    assert lenient.record.actions == actions_before
    assert np.array_equal(again["observation"], observation["observation"])


def test_gymnasium_bad_settings_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="opponents names 2 bots; the other seats are 3"):
        BiribaGymEnv(opponents=["greedy", "greedy"])
    with pytest.raises(ValueError, match="seat 4 is not a seat"):
        BiribaGymEnv(seat=4)
    with pytest.raises(ValueError, match="illegal_action 'ignore'"):
        BiribaGymEnv(illegal_action="ignore")


def test_gymnasium_opponents_may_be_bot_objects_one_per_seat_or_one_for_all() -> None:
    class Counting(GreedyBot):
        def __init__(self) -> None:
            self.seats: set[int] = set()

        def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
            self.seats.add(view.seat)
            return super().choose(view, legal, rng)

    shared = Counting()
    gym_env = BiribaGymEnv(opponents=shared)
    play_gymnasium_hand(gym_env, seed=6)
    assert shared.seats == {1, 2, 3}
    mine = Counting()
    mixed = BiribaGymEnv(opponents=["random", mine, "greedy"])
    play_gymnasium_hand(mixed, seed=6)
    assert mine.seats == {2}
    with pytest.raises(ValueError, match="neither a bot spec nor a bot"):
        BiribaGymEnv(opponents=["random", 7, "greedy"])
    with pytest.raises(ValueError, match="opponents must be a bot spec, a bot"):
        BiribaGymEnv(opponents=7)


def test_gymnasium_gives_the_deal_seed_and_the_lead_reward() -> None:
    gym_env = BiribaGymEnv(opponents="greedy", reward="lead")
    _, info = gym_env.reset(seed=9)
    assert info["deal_seed"] == gym_env.record.deal.seed
    # The deal's seed deals the same hand with the engine alone.
    dealt = HandState.deal(Rules.from_preset("standard"), 0, seed=info["deal_seed"])
    assert dealt.hands == gym_env.record.start().hands
    reward = play_gymnasium_hand(gym_env, seed=9)
    scores = replayed_scores(gym_env.record)
    assert reward == pytest.approx(scores[0] - scores[1])


def test_the_layout_is_made_from_the_rules_and_names_its_fields() -> None:
    rules = Rules.from_preset("kouridakis", players=3)
    layout = ObservationLayout(rules)
    assert layout.size == encoding_for(rules)[1].size
    with pytest.raises(KeyError, match="'hands' is not a field of the observation \\(fields: hand, known_cards"):
        layout.part(np.zeros(layout.size, dtype=np.float32), "hands")


# --- OpenSpiel ----------------------------------------------------------------------------------


def test_openspiel_random_simulation_test_passes() -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_biriba"), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("preset", "players", "pack"),
    [("standard", 3, 3 * 52 + 6), ("classic", 3, 2 * 52 + 4), ("standard", 8, 4 * 52 + 8)],
)
def test_openspiel_other_formats_load_and_deal(preset: str, players: int, pack: int) -> None:
    game = pyspiel.load_game("python_biriba", {"players": players, "preset": preset, "dealer": players - 1})
    assert game.num_players() == players
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    assert len(state.history()) == pack  # the chance node deals the whole pack, card by card
    assert state.current_player() == 0  # the seat after the dealer


def play_openspiel_hand(game: object, seed: int) -> BiribaState:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_an_openspiel_game_replays_through_the_engine_to_the_same_returns() -> None:
    state = play_openspiel_hand(pyspiel.load_game("python_biriba"), seed=5)
    assert state.episode is not None
    record = state.episode.record
    assert list(record.deal.deck) == state.deck  # the chance outcomes are the deck the engine dealt
    assert state.returns() == [float(s) for s in replayed_scores(record)]


def test_openspiel_lead_returns_set_each_seat_against_the_other_sides() -> None:
    # Four players, two teams: a seat's lead is its team's score less the other team's. The same seeded
    # play in both games: the returns change nothing else.
    scored = play_openspiel_hand(pyspiel.load_game("python_biriba"), seed=5)
    led = play_openspiel_hand(pyspiel.load_game("python_biriba", {"returns": "lead"}), seed=5)
    assert led.history() == scored.history()
    score = scored.returns()
    assert score[0] != score[1], "the seeded hand should end with the teams apart"
    assert led.returns() == [score[0] - score[1], score[1] - score[0], score[0] - score[1], score[1] - score[0]]


def test_openspiel_lead_returns_where_partnerships_form_set_each_seat_against_every_other() -> None:
    # Five players, partnerships formed in the hand: as duplicate play measures a deal, every seat is its
    # own side, and its lead is its score less the mean of the four others'; the leads add up to zero.
    params = {"players": 5, "preset": "standard"}
    scored = play_openspiel_hand(pyspiel.load_game("python_biriba", params), seed=3)
    led = play_openspiel_hand(pyspiel.load_game("python_biriba", {**params, "returns": "lead"}), seed=3)
    score = scored.returns()
    assert len(set(score)) > 1
    for seat in range(5):
        others = [s for other, s in enumerate(score) if other != seat]
        assert led.returns()[seat] == pytest.approx(score[seat] - sum(others) / 4)
    assert sum(led.returns()) == pytest.approx(0.0)


def test_openspiel_lead_returns_pass_the_random_simulation_test() -> None:
    game = pyspiel.load_game("python_biriba", {"returns": "lead"})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.utility_sum() == 0.0
    assert pyspiel.load_game("python_biriba").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_chance_outcome_outside_the_card_types_is_refused() -> None:
    state = pyspiel.load_game("python_biriba").new_initial_state()
    with pytest.raises(Exception, match=r"9999 is not a card to deal \(card types 0..52\)"):
        state.apply_action(9999)
    assert state.is_chance_node() and len(state.history()) == 0


def test_openspiel_returns_must_be_score_or_lead() -> None:
    with pytest.raises(ValueError, match="returns is score or lead, not 'points'"):
        pyspiel.load_game("python_biriba", {"returns": "points"})


def test_resampling_keeps_the_information_state_and_changes_the_hidden_cards() -> None:
    game = pyspiel.load_game("python_biriba")
    state = game.new_initial_state()
    rng = random.Random(9)
    while state.is_chance_node() or len(state.history()) < 108 + 60:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
    hidden = {str(world.episode.state.hands[(player + 1) % 4]) for world in worlds}
    assert len(hidden) > 1, "the other hands are dealt anew"
    assert state.information_state_string(player) == info_string(
        state.episode.view(player), state.episode.pending(player)
    )


def test_observers_and_states_show_each_seat_the_engines_current_view_at_every_step() -> None:
    """The episode keeps each seat's view until the next engine action: every information string and
    tensor, through the state or an observer of ``make_observation``, is the engine's view of now, and
    a clone played on leaves the original's alone."""
    game = pyspiel.load_game("python_biriba")
    observer = make_observation(game)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    for _ in range(150):
        if state.is_terminal():
            break
        episode = state.episode
        assert episode is not None
        for player in range(4):
            fresh = observe(episode.state, player)
            expected = info_string(fresh, episode.pending(player))
            # canonical JSON: keys sorted at every level, no spaces
            assert expected == json.dumps(json.loads(expected), sort_keys=True, separators=(",", ":"))
            assert state.information_state_string(player) == expected
            observer.set_from(state, player)
            assert observer.string_from(state, player) == expected
            assert np.array_equal(observer.tensor, episode.layout.encode(fresh, episode.pending(player)))
            assert state.observation_tensor(player) == observer.tensor.tolist()
        before = state.information_state_string(state.current_player())
        other = state.clone()
        other.apply_action(rng.choice(other.legal_actions()))
        assert state.information_state_string(state.current_player()) == before
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiels_ismcts_bot_plays_moves() -> None:
    game = pyspiel.load_game("python_biriba")
    bot = ismcts.ISMCTSBot(
        game,
        pyspiel_random_rollouts(),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(0),
    )
    state = game.new_initial_state()
    rng = random.Random(0)
    moves = 0
    while moves < 6:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1


def pyspiel_random_rollouts() -> object:
    """A leaf evaluator that does not play whole hands (a rollout of one costs too much for a test)."""

    class ScoreNow:
        def evaluate(self, state: BiribaState) -> object:
            return np.array(state.episode.seat_scores(), dtype=float) / 100

        def prior(self, state: BiribaState) -> list[tuple[int, float]]:
            legal = state.legal_actions()
            return [(action, 1 / len(legal)) for action in legal]

    return ScoreNow()
