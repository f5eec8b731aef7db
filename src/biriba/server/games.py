"""The games a table may play, as the server needs them: an :class:`OnlineGame` per game of
:mod:`biriba.games.registry`.

A live table (:mod:`biriba.server.table`) is the same for every game: an event log replayed into a match,
views sent to each seat, bots and a turn timer acting for seats, hints. What differs is here: how a
table's rules are made from a request, how a deck is drawn and a hand dealt from the log, what a seat's
view and a finished hand look like on the wire, which bots may sit and which one plays for a person whose
time ran out, and how a bot and a hint think (in a worker process: :mod:`biriba.server.thinking`).

Every deck is shuffled by the operating system's cryptographic random source (:data:`DEAL_SOURCE`): no
seed exists that a player could search for from the cards they see, and a finished hand's deck says
nothing of the next one.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from biriba.bots.base import make_bot as make_biriba_bot
from biriba.bots.hints import HINT_BOT, Suggestion, suggest
from biriba.core.actions import action_from_json as biriba_action_from_json
from biriba.core.actions import action_to_json as biriba_action_to_json
from biriba.core.cards import SUITS, Card, card_code, pack, parse_cards
from biriba.core.errors import InvalidInputError
from biriba.core.match import HandResult, Match
from biriba.core.news import HandMarks, move_news
from biriba.core.records import Deal, rules_for_players
from biriba.core.rules import Rules
from biriba.core.state import HandState, cut_error_for_seed
from biriba.core.views import observe as biriba_observe
from biriba.games.bura.bots import BuraHint, TrickMemory
from biriba.games.bura.bots import hint as bura_hint
from biriba.games.bura.game import PACK as BURA_PACK
from biriba.games.bura.game import BuraRules, BuraState, BuraView, Trick, moves_in_sight, observe
from biriba.games.bura.game import HandResult as BuraHandResult
from biriba.games.bura.match import BuraMatch
from biriba.games.bura.platform import BURA
from biriba.games.protocol import Game
from biriba.games.registry import GAMES, game_named
from biriba.games.tyzicha.bots import TyzichaHint
from biriba.games.tyzicha.bots import hint as tyzicha_hint
from biriba.games.tyzicha.game import PACK as TYZICHA_PACK
from biriba.games.tyzicha.game import HandResult as TyzichaHandResult
from biriba.games.tyzicha.game import TyzichaRules, TyzichaState, TyzichaView
from biriba.games.tyzicha.game import observe as tyzicha_observe
from biriba.games.tyzicha.match import TyzichaMatch
from biriba.games.tyzicha.platform import TYZICHA
from biriba.i18n import Words, reason_json, searched_hint_key, searched_lead
from biriba.i18n.bura import hint_text as bura_hint_text
from biriba.i18n.tyzicha import hint_text as tyzicha_hint_text
from biriba.server.wire import (
    ActionJson,
    AnyActionJson,
    AnyHandResultJson,
    AnyMoveJson,
    AnyViewJson,
    BiribaMoveJson,
    BuraHandResultJson,
    BuraTrickJson,
    BuraViewJson,
    HandResultJson,
    HintMessage,
    ReasonJson,
    TyzichaActionJson,
    TyzichaHandResultJson,
    TyzichaViewJson,
    ViewJson,
)

if TYPE_CHECKING:  # the worker processes import this module: they need no database layer
    from biriba.server.store import TableInfo

BIRIBA_HINT_BOT = HINT_BOT
"""The player whose choice a Biriba table's hint gives, unless the server's settings name another (Bura's
hints are its search player's)."""

DEAL_SOURCE = random.SystemRandom()
"""Where online deals come from: the operating system's cryptographic random source (``os.urandom``).
A seeded shuffle would let a player search the seeds for the one that deals the cards they hold, and
with it read every hand and the cards still to come; this source has no seed."""


class OnlineGame(ABC):
    """What a live table needs of its game. Each method is pure: the table keeps the state."""

    game: Game
    bot_levels: tuple[str, ...]
    """Bot levels a table may seat (plain level names: no options, so no client can ask for a slow bot)."""
    default_bot: str
    """The bot of the seats a new table's request leaves unsaid."""
    timeout_bot: str
    """Whose choices the turn timer plays for a person whose time ran out: a safe, sensible move. It also
    plays for a bot whose own decision ran out of time."""
    stand_in_bot: str
    """The bot that plays an absent person's seat when the others hand it over."""

    @property
    def name(self) -> str:
        return self.game.name

    @abstractmethod
    def request_rules(self, preset: str, players: int, options: dict[str, Any], target: int | None) -> Any:
        """A new table's rules from the lobby's request; :class:`InvalidInputError` naming what is wrong."""
        ...

    def rules(self, data: Any) -> Any:
        """A table's rules from its row."""
        return self.game.rules_from_json(data)

    def players(self, rules: Any) -> int:
        return self.game.rules_players(rules)

    def new_match(self, rules: Any, first_dealer: int) -> Any:
        return self.game.new_match(rules, first_dealer)

    @abstractmethod
    def fresh_deal(self, rules: Any) -> dict[str, Any]:
        """A new hand's deal as the log keeps it (``{"deck": [codes], ...}``), drawn from :data:`DEAL_SOURCE`."""
        ...

    @abstractmethod
    def start_hand(self, match: Any, info: TableInfo, hand_index: int, data: Any = None) -> Any:
        """Deal hand ``hand_index`` (from 0) of the match: the deck stored with the table (the first hand)
        or in the hand's ``deal`` event (``data``)."""
        ...

    def parse_action(self, data: object) -> Any:
        """An action from its JSON form; :class:`InvalidInputError` naming the fault."""
        return self.game.action_from_json(data)

    def action_json(self, action: Any) -> AnyActionJson:
        return cast(AnyActionJson, self.game.action_to_json(action))

    def move_json(self, action: Any, before: Any, after: Any) -> AnyMoveJson:
        """An action as the hand's list of moves keeps it, the hand being ``before`` and then ``after`` it:
        its JSON, and where a game's action does more than it says, what it did."""
        return cast(AnyMoveJson, self.action_json(action))

    def move_for(self, move: AnyMoveJson, seat: int | None, state: Any) -> AnyMoveJson:
        """A move of the hand as ``seat`` may see it (None: a spectator): every move is public but a card
        given face down, which only its giver and receiver see."""
        return move

    def moves_shown(self, moves: Sequence[AnyMoveJson], seat: int | None, state: Any) -> list[AnyMoveJson]:
        """The hand's moves in ``seat``'s list of moves: every one, as :meth:`move_for` shows it."""
        return [self.move_for(move, seat, state) for move in moves]

    @abstractmethod
    def view_json(self, state: Any, seat: int | None) -> AnyViewJson:
        """What ``seat`` sees of the hand (None: a spectator, who sees no one's cards)."""
        ...

    @abstractmethod
    def result_json(self, match: Any, hand: Any) -> AnyHandResultJson:
        """The hand just finished and settled into the match (``hand``: its final state), on the wire."""
        ...

    @abstractmethod
    def totals(self, match: Any) -> list[int]:
        """What each seat has in the match: points (Biriba), tokens (Bura)."""
        ...

    def sides(self, match: Any) -> list[list[int]]:
        """The match's sides (teams, or players on their own): seats scored together."""
        return [[seat] for seat in range(self.players(match.rules))]

    def target(self, rules: Any) -> int | None:
        """The total that ends the match (None: a game whose match ends otherwise)."""
        return None

    def winner(self, match: Any) -> int | None:
        """The winning side, once the match is over."""
        return cast(int | None, match.winner)

    def drawn(self, state: Any, moves: Sequence[AnyMoveJson], seat: int | None) -> str | None:
        """The card ``seat`` drew in the turn it is playing, if the game draws and it is still in its hand."""
        return None

    # --- in a worker process (biriba.server.thinking) ---------------------------------------------

    @abstractmethod
    def decide(self, spec: str, state: Any, seed: int) -> Any:
        """What the bot ``spec`` plays for the seat on turn, from that seat's view."""
        ...

    @abstractmethod
    def advise(self, state: Any, hint_bot: str) -> Any:
        """The hint for the seat on turn (its move and why, as data): the same at the same position (its
        randomness is seeded by a constant), so that asking again, or on another server, changes nothing."""
        ...

    # --- back in the server ----------------------------------------------------------------------

    @abstractmethod
    def hint_message(self, advice: Any, seq: int, language: str) -> HintMessage: ...


class OnlineBiriba(OnlineGame):
    """Biriba and Buraco (the core): a deck may carry the dealer's cut error; a hand's result is its score."""

    game = game_named("biriba")
    bot_levels = ("random", "greedy", "heuristic", "search")
    default_bot = "greedy"
    timeout_bot = "greedy"
    stand_in_bot = "heuristic"

    def request_rules(self, preset: str, players: int, options: dict[str, Any], target: int | None) -> Rules:
        data: dict[str, Any] = {"preset": preset, **options}
        if target is not None:
            data["target"] = target
        return rules_for_players(data, players)

    def fresh_deal(self, rules: Rules) -> dict[str, Any]:
        cards = pack(rules.decks, rules.jokers)
        DEAL_SOURCE.shuffle(cards)
        cut = cut_error_for_seed(secrets.randbits(128)) if rules.exact_cut_bonus or rules.near_cut_bonus else None
        return Deal(deck=tuple(cards), cut=cut).to_json()

    def start_hand(self, match: Match, info: TableInfo, hand_index: int, data: Any = None) -> HandState:
        deal = hand_deal(info, hand_index, data)
        return match.start_hand(deck=deal.deck, seed=deal.seed, cut=deal.cut)

    def parse_action(self, data: object) -> Any:
        return biriba_action_from_json(data)

    def action_json(self, action: Any) -> AnyActionJson:
        return cast(ActionJson, biriba_action_to_json(action))

    def move_json(self, action: Any, before: HandState, after: HandState) -> AnyMoveJson:
        """With who took a biribaki by it, or a packet it turned into the draw pile (``news``)."""
        move = cast(BiribaMoveJson, biriba_action_to_json(action))
        news = move_news(HandMarks.of(before), after)
        if news:
            move["news"] = [cast(ReasonJson, reason_json(item)) for item in news]
        return move

    def view_json(self, state: HandState, seat: int | None) -> ViewJson:
        view = cast(ViewJson, biriba_observe(state, 0 if seat is None else seat).to_json())
        if seat is None:
            view["seat"] = None
            view["hand"] = []
        return view

    def result_json(self, match: Match, hand: HandState) -> HandResultJson:
        result: HandResult = match.results[-1]
        score = result.score.to_json()
        return {
            "dealer": result.dealer,
            "went_out": result.went_out,
            "teams": score["teams"],
            "seat_scores": score["seat_scores"],
        }

    def totals(self, match: Match) -> list[int]:
        return list(match.totals)

    def sides(self, match: Match) -> list[list[int]]:
        return [list(side) for side in match.sides]

    def target(self, rules: Rules) -> int | None:
        return rules.target

    def drawn(self, state: HandState, moves: Sequence[AnyMoveJson], seat: int | None) -> str | None:
        if seat is None or state.is_over or state.current != seat:
            return None
        for move in reversed(moves):
            if move.get("seat") != seat:
                break
            if move["type"] in ("draw", "redraw"):
                card = state.last_drawn
                return card_code(card) if state.hands[seat][card] else None
        return None

    def decide(self, spec: str, state: HandState, seed: int) -> Any:
        seat = state.current
        return _biriba_bot(spec).choose(biriba_observe(state, seat), state.legal_actions(), random.Random(seed))

    def advise(self, state: HandState, hint_bot: str) -> Suggestion:
        return suggest(biriba_observe(state, state.current), state.legal_actions(), _biriba_bot(hint_bot))

    def hint_message(self, advice: Suggestion, seq: int, language: str) -> HintMessage:
        return {
            "type": "hint",
            "seq": seq,
            "action": self.action_json(advice.action),
            "head": cast(ReasonJson, reason_json(advice.head)),
            "details": [cast(ReasonJson, reason_json(detail)) for detail in advice.details],
            "reason": Words(language).hint(advice),
        }


_BIRIBA_BOTS: dict[str, Any] = {}
"""The Biriba bots of one worker process, by spec (they keep nothing between decisions)."""


def _biriba_bot(spec: str) -> Any:
    bot = _BIRIBA_BOTS.get(spec)
    if bot is None:
        bot = _BIRIBA_BOTS[spec] = make_biriba_bot(spec)
    return bot


def hand_deal(info: TableInfo, hand_index: int, data: Any = None) -> Deal:
    """How hand ``hand_index`` (from 0) of a Biriba table was dealt: the deck stored with the table (the
    first hand) or in the hand's ``deal`` event (``data``). A table made before decks were stored has a
    seed instead, and its hands dealt back then (no deck) replay from it."""
    stored = info.first_deal if hand_index == 0 else data
    if isinstance(stored, dict) and "deck" in stored:
        return Deal.from_json(stored)
    if info.seed is None:
        raise InvalidInputError(f"table {info.id}: hand {hand_index} has neither a deck nor a seed to deal from")
    return Deal(seed=hand_seed(info.seed, hand_index))


def hand_seed(table_seed: int, hand_index: int) -> int:
    """The deal seed of hand ``hand_index`` (from 0) of a table made before decks were stored."""
    return random.Random(f"hand:{table_seed}:{hand_index}").randrange(2**32)


class DeckGame(OnlineGame):
    """A game dealt from its pack shuffled whole (Bura, Tyzicha): every hand's deck is stored, a preset's
    rules take the request's options, and its hints carry a ``GAME.hint.REASON`` key with their facts."""

    pack: tuple[Card, ...]

    def request_rules(self, preset: str, players: int, options: dict[str, Any], target: int | None) -> Any:
        data = {**self.game.rules(preset, players).to_json(), **options}
        if target is not None:
            data["target"] = target
        return self.game.rules_from_json(data)

    def fresh_deal(self, rules: Any) -> dict[str, Any]:
        cards = list(self.pack)
        DEAL_SOURCE.shuffle(cards)
        return {"deck": [card_code(card) for card in cards]}

    def start_hand(self, match: Any, info: TableInfo, hand_index: int, data: Any = None) -> Any:
        stored = info.first_deal if hand_index == 0 else data
        if not isinstance(stored, dict) or not isinstance(stored.get("deck"), list):
            raise InvalidInputError(f"table {info.id}: hand {hand_index} has no deck to deal from")
        return match.start_hand(deck=parse_cards(stored["deck"]))

    def decide(self, spec: str, state: Any, seed: int) -> Any:
        view = self.game.observe(state, state.current)
        bot = self.game.make_bot(spec)
        self.brief(bot, view, state)
        return bot.choose(view, state.legal_actions(), random.Random(seed))

    def brief(self, bot: Any, view: Any, state: Any) -> None:
        """Tell a bot made for one decision what its seat saw earlier in the hand, if the view does not hold it."""

    def hint_message(self, advice: Any, seq: int, language: str) -> HintMessage:
        """The hint as data and in words. The words name seats by number ("Player 1"): the table's names
        are the client's to put in, and the data holds all it needs for that: the move (``action``), why
        (``head``) and, when the move was searched, how it fared (``details``: :meth:`searched_reason`)."""
        head: ReasonJson = {"key": f"{self.name}.hint.{advice.reason}", "facts": _card_codes(advice.facts)}
        return {
            "type": "hint",
            "seq": seq,
            "action": self.action_json(advice.action),
            "head": head,
            "details": [] if advice.runner_up is None else [self.searched_reason(advice)],
            "reason": self.hint_text(Words(language), advice),
        }

    def searched_reason(self, advice: Any) -> ReasonJson:
        """How a searched move fared, as the ``GAME.hint.searched`` text says it (``searched-level`` where
        the two came out level): the next best move (an
        action: its words name a seat), by how much less it came to (``n``), over how many deals of the
        unseen cards; and each move's own score (``score``, ``other``), rounded as ``n`` is."""
        runner, other = advice.runner_up
        lead = searched_lead(self.name, advice.score, other)
        return {
            "key": searched_hint_key(self.name, lead),
            "facts": {
                "worlds": advice.worlds,
                "score": round(advice.score),
                "next": self.action_json(runner),
                "other": round(other),
                "n": lead,
            },
        }

    @abstractmethod
    def hint_text(self, words: Words, advice: Any) -> str:
        """A hint in words: the move, why, and how it fared against the next best when searched."""


def _card_codes(facts: dict[str, object]) -> dict[str, Any]:
    """Facts as data on the wire: a card as its code."""
    return {name: card_code(fact) if name == "card" and isinstance(fact, int) else fact for name, fact in facts.items()}


MAX_TOKENS = 100
"""The most tokens a Bura table's players start with: a match ends when one cannot ante, and a table
of many more would never end."""


class OnlineBura(DeckGame):
    """Bura: two seats, tokens instead of points; a seat's won cards are shown as counts, never points."""

    game = BURA
    pack = BURA_PACK
    bot_levels = ("random", "heuristic", "search")
    default_bot = "heuristic"
    timeout_bot = "heuristic"
    stand_in_bot = "heuristic"

    def request_rules(self, preset: str, players: int, options: dict[str, Any], target: int | None) -> BuraRules:
        if target is not None:
            raise InvalidInputError("a match of Bura has no target: it is played until a player cannot ante")
        rules = cast(BuraRules, super().request_rules(preset, players, options, None))
        if rules.tokens > MAX_TOKENS:
            raise InvalidInputError(f"a table's match starts with at most {MAX_TOKENS} tokens each, not {rules.tokens}")
        return rules

    def moves_shown(self, moves: Sequence[AnyMoveJson], seat: int | None, state: BuraState) -> list[AnyMoveJson]:
        """While the hand is played, the moves of the last trick taken and of the one in play (the won
        tricks lie face down); all of them once it is over."""
        shown = super().moves_shown(moves, seat, state)
        return shown if state.is_over else moves_in_sight(shown, lambda move: move["type"] == "answer")

    def view_json(self, state: BuraState, seat: int | None) -> BuraViewJson:
        return bura_view_json(observe(state, 0 if seat is None else seat), seat)

    def result_json(self, match: BuraMatch, hand: BuraState) -> BuraHandResultJson:
        assert hand.result is not None
        return bura_result_json(hand.result, hand.pot, hand.tokens, hand.rules.ante)

    def totals(self, match: BuraMatch) -> list[int]:
        return list(match.tokens)

    def brief(self, bot: Any, view: BuraView, state: BuraState) -> None:
        if hasattr(bot, "memory"):  # the tricks were played face up: a bot remembers them as a person may
            bot.memory = TrickMemory.of(view, state.tricks)

    def advise(self, state: BuraState, hint_bot: str) -> BuraHint:
        view = observe(state, state.current)
        return bura_hint(view, state.tricks, state.legal_actions(), random.Random(0))

    def hint_text(self, words: Words, advice: BuraHint) -> str:
        return bura_hint_text(words, advice)


def bura_view_json(view: BuraView, seat: int | None) -> BuraViewJson:
    """A Bura view on the wire; ``seat`` None: a spectator's (no hand, no combination to lead)."""
    announced, result = view.announced, view.result
    return {
        "seat": seat,
        "dealer": view.dealer,
        "current": view.current,
        "phase": view.phase.value,
        "hand": [card_code(card) for card in view.hand] if seat is not None else [],
        "hand_sizes": list(view.hand_sizes),
        "trump_card": card_code(view.trump_card),
        "trump_in_stock": view.trump_in_stock,
        "stock_size": view.stock_size,
        "leader": view.leader,
        "trick": [card_code(card) for card in view.trick],
        "last_trick": None if view.last_trick is None else _trick_json(view.last_trick),
        "tricks_played": view.tricks_played,
        "won_cards": list(view.won_cards),
        "announced": None if announced is None else {"seat": announced[0], "combination": cast(Any, announced[1])},
        "must_lead": [card_code(card) for card in view.must_lead] if seat is not None else [],
        "pot": view.pot,
        "tokens": list(view.tokens),
        "result": None if result is None else bura_result_json(result, view.pot, view.tokens, view.rules.ante),
    }


def _trick_json(trick: Trick) -> BuraTrickJson:
    return {
        "leader": trick.leader,
        "led": [card_code(card) for card in trick.led],
        "answer": [card_code(card) for card in trick.answer],
        "winner": trick.winner,
    }


def bura_result_json(result: BuraHandResult, pot: int, tokens: Sequence[int], ante: int) -> BuraHandResultJson:
    """How a hand ended, with what the pot held at its end and what each player's tokens came to against
    what they held before the hand's ante (``tokens``: what they hold besides the pot at the end)."""
    settled = [held + (pot if seat == result.winner else 0) for seat, held in enumerate(tokens)]
    return {
        "winner": result.winner,
        "how": cast(Any, result.how),
        "declarer": result.declarer,
        "points": result.points,
        "penalty": result.penalty,
        "pot": pot,
        "seat_scores": [settled[seat] - (tokens[seat] + ante) for seat in (0, 1)],
    }


class OnlineTyzicha(DeckGame):
    """Tyzicha: three seats, a match to 1,001; the widow and the cards given at the forced 100 stay face down."""

    game = TYZICHA
    pack = TYZICHA_PACK
    bot_levels = ("random", "heuristic", "search")
    default_bot = "heuristic"
    timeout_bot = "heuristic"
    stand_in_bot = "heuristic"

    def move_for(self, move: AnyMoveJson, seat: int | None, state: TyzichaState) -> AnyMoveJson:
        gift = cast(TyzichaActionJson, move)
        if gift["type"] != "give" or not state.forced or seat in (gift["seat"], gift.get("to")):
            return move
        return cast(AnyMoveJson, {key: value for key, value in gift.items() if key != "card"})

    def view_json(self, state: TyzichaState, seat: int | None) -> TyzichaViewJson:
        return tyzicha_view_json(tyzicha_observe(state, 0 if seat is None else seat), seat)

    def result_json(self, match: TyzichaMatch, hand: TyzichaState) -> TyzichaHandResultJson:
        assert hand.result is not None
        after = match.totals[-1]
        before = match.totals[-2] if len(match.totals) > 1 else (0, 0, 0)
        return {**tyzicha_result_json(hand.result), "seat_scores": [a - b for a, b in zip(after, before, strict=True)]}

    def totals(self, match: TyzichaMatch) -> list[int]:
        return list(match.scores)

    def target(self, rules: TyzichaRules) -> int | None:
        return rules.target

    def advise(self, state: TyzichaState, hint_bot: str) -> TyzichaHint:
        view = tyzicha_observe(state, state.current)
        return tyzicha_hint(view, state.legal_actions(), random.Random(0))

    def hint_text(self, words: Words, advice: TyzichaHint) -> str:
        return tyzicha_hint_text(words, advice)


def tyzicha_view_json(view: TyzichaView, seat: int | None) -> TyzichaViewJson:
    """A Tyzicha view on the wire; ``seat`` None: a spectator's (no hand, and only what all may see)."""
    return {
        "seat": seat,
        "dealer": view.dealer,
        "current": view.current,
        "phase": cast(Any, view.phase.value),
        "hand": [card_code(card) for card in view.hand] if seat is not None else [],
        "hand_sizes": list(view.hand_sizes),
        "bids": [{"seat": who, "value": value} for who, value in view.bids],
        "declarer": view.declarer,
        "contract": view.contract,
        "forced": view.forced,
        "raised": view.raised,
        "widow": [card_code(card) for card in view.widow] if seat is not None or not view.forced else [],
        "given": [
            {"to": to, "card": None if card is None or (seat is None and view.forced) else card_code(card)}
            for to, card in view.given
        ],
        "trump": _suit(view.trump),
        "marriages": [{"seat": who, "suit": cast(Any, SUITS[suit])} for who, suit in view.marriages],
        "leader": view.leader,
        "trick": [card_code(card) for card in view.trick],
        "tricks": [
            {"leader": t.leader, "cards": [card_code(c) for c in t.cards], "trump": _suit(t.trump), "winner": t.winner}
            for t in view.tricks
        ],
        "tricks_won": list(view.tricks_won),
        "result": None
        if view.result is None
        else {**tyzicha_result_json(view.result), "seat_scores": list(view.result.scores)},
    }


def _suit(suit: int | None) -> Any:
    return None if suit is None else SUITS[suit]


def tyzicha_result_json(result: TyzichaHandResult) -> TyzichaHandResultJson:
    """How a hand ended (what it changed in the match's scores is the match's: the rules' scores here,
    the capped change filled in by :meth:`OnlineTyzicha.result_json`)."""
    return {
        "declarer": result.declarer,
        "contract": result.contract,
        "forced": result.forced,
        "how": cast(Any, result.how),
        "card_points": list(result.card_points),
        "marriage_points": list(result.marriage_points),
        "scores": list(result.scores),
        "seat_scores": list(result.scores),
    }


ONLINE_GAMES: dict[str, OnlineGame] = {one.name: one for one in (OnlineBiriba(), OnlineBura(), OnlineTyzicha())}
"""The games a table may play, by name (every game of the registry that has its table here)."""


def online_game(name: str) -> OnlineGame:
    """The online game ``name``; :class:`InvalidInputError` naming the games for an unknown one."""
    try:
        return ONLINE_GAMES[name]
    except KeyError:
        known = ", ".join(name for name in GAMES if name in ONLINE_GAMES)
        raise InvalidInputError(f"no tables of the game {name!r} (games: {known})") from None
