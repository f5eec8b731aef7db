"""The ``biriba`` command line.

Exit codes (docs/rules.md, the command-line contract): 0 success, 1 illegal play or an invalid meld, 2 a usage error
(unknown card code, malformed JSON, unknown option).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol, cast

import typer
from rich.console import Console
from rich.markup import escape

from biriba.bots import Bot, make_bot
from biriba.bots.hints import HINT_BOT
from biriba.bots.imported import names_imported_bot
from biriba.bots.play import play_hand, play_match
from biriba.console import action_markup, score_lines, table_markup
from biriba.core.actions import Action, Discard, action_to_json
from biriba.core.cards import beyond_pack, card_code, card_codes, card_symbol, parse_cards
from biriba.core.errors import IllegalAction, InvalidInputError, InvalidMeldError, Reason
from biriba.core.match import Match
from biriba.core.melds import arrange, canonical, check_meld
from biriba.core.news import NewsWatch
from biriba.core.records import (
    HandRecord,
    MatchRecord,
    ReplayError,
    is_match_record,
    load_json,
    rules_for_players,
)
from biriba.core.rules import OPTION_BOUNDS, Rules, option_fields
from biriba.core.scoresheet import is_match_sheet, match_hands, score_sheet
from biriba.core.scoring import HandScore
from biriba.core.state import HandState
from biriba.games.protocol import Game, GameBot, GameMatch, GameState
from biriba.games.records import GameRecord, GameReplayError
from biriba.games.registry import GAMES, game_named
from biriba.i18n import LANGUAGES, Words, locale_language, reason_json
from biriba.rulesheet import preset_names, preset_summary, rule_sheet
from biriba.server import defaults as server_defaults
from biriba.sim.games import play_match as play_game_match


def _flag_type(option: typer.core.TyperOption, ctx: Any) -> str | None:
    """A flag takes no value, so its help shows no type: Typer 0.29 would print ``--json <bool>``."""
    return None if option.is_flag else _option_type(option, ctx)


_option_type = typer.core.TyperOption.display_type_rich
typer.core.TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign,assignment]

app = typer.Typer(
    help="Biriba (Μπιρίμπα), the Greek rummy card game: rules engine, bots and tools.",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXIT_ILLEGAL = 1
EXIT_USAGE = 2


def _complete_presets(incomplete: str) -> list[str]:
    return [name for name in preset_names() if name.startswith(incomplete)]


def _complete_languages(incomplete: str) -> list[str]:
    return [language for language in LANGUAGES if language.startswith(incomplete)]


JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON.")]
RulesOption = Annotated[
    str,
    typer.Option("--rules", help="Preset name, or a JSON rules object.", autocompletion=_complete_presets),
]
LangOption = Annotated[
    str,
    typer.Option(
        "--lang",
        envvar="BIRIBA_LANG",
        help="The language people read: en, or el (Ελληνικά).",
        autocompletion=_complete_languages,
    ),
]
PlayLangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        envvar="BIRIBA_LANG",
        help="The language people read: en, or el (Ελληνικά); by default the terminal's (LANG), else en.",
        autocompletion=_complete_languages,
    ),
]


def _check_language(lang: str, as_json: bool = False) -> str:
    """``lang``, where it is a language of the catalogue; exits with a usage error naming them otherwise."""
    if lang not in LANGUAGES:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}", EXIT_USAGE, as_json)
    return lang


def _words(lang: str, as_json: bool = False) -> Words:
    """The words people read in ``lang``: cards with suit symbols, or their codes in JSON output."""
    _check_language(lang, as_json)
    return Words(lang, card_format=card_code if as_json else card_symbol)


def _fail(message: str, code: int, as_json: bool, extra: dict[str, Any] | None = None) -> NoReturn:
    if as_json:
        typer.echo(json.dumps({"error": {"reason": message, **(extra or {})}}))
    else:
        typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _rules_from_option(text: str, as_json: bool, players: int | None = None) -> Rules:
    """Rules from a preset name or a JSON rules object, for ``players`` if given."""
    try:
        return rules_for_players(load_json(text) if text.lstrip().startswith("{") else text, players)
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, as_json)


def _save_record(path: Path, record: dict[str, Any]) -> None:
    """Write a record watched being played; a file that cannot be written is an error naming it (exit 2)."""
    try:
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        _fail(f"cannot save the record to {path}: {error.strerror}", EXIT_USAGE, False)


def _read_json(path: str, as_json: bool) -> object:
    """The JSON of a file (or standard input, ``-``): UTF-8, with or without the byte-order mark some
    editors write. A file that cannot be read, or is not text, is a usage error naming it."""
    try:
        raw = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        text = raw.decode("utf-8-sig")
    except OSError as error:
        _fail(f"cannot read {path}: {error.strerror}", EXIT_USAGE, as_json)
    except UnicodeDecodeError as error:
        _fail(f"{path} is not a UTF-8 text file (byte {error.start}): expected JSON", EXIT_USAGE, as_json)
    try:
        return load_json(text)
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, as_json)


def _print_version(value: bool) -> None:
    if value:
        from biriba import __version__
        from biriba.core.compiled import IMPLEMENTATION

        typer.echo(f"biriba {__version__} (engine: {IMPLEMENTATION})")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and the engine."),
    ] = False,
) -> None:
    """Biriba (Μπιρίμπα), the Greek rummy card game: rules engine, bots and tools."""


@app.command()
def check(
    cards: Annotated[list[str], typer.Argument(metavar="CARD", help="Card codes such as 10H TH 2C JK.")],
    rules: RulesOption = "standard",
    as_json: JsonFlag = False,
    lang: LangOption = "en",
) -> None:
    """Is CARD... a valid meld? Exit 0 if it is, 1 if not (saying why), 2 on a usage error."""
    words = _words(lang, as_json)
    table_rules = _rules_from_option(rules, as_json)
    try:
        meld = canonical(parse_cards(cards))
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, as_json)
    too_many = beyond_pack(meld, table_rules.decks, table_rules.jokers)
    if too_many:  # five A♠ are no meld: the pack holds two
        facts = {"cards": too_many, "decks": table_rules.decks, "jokers": table_rules.jokers}
        _not_a_meld(words("refusal.impossible-cards", **facts), "impossible-cards", words, as_json)
    try:
        shape = check_meld(meld, table_rules.meld_rules)
    except InvalidMeldError as error:
        why = str(error.reason.facts["why"])
        _not_a_meld(words(f"why.{why}", **error.reason.facts), why, words, as_json)
    result: dict[str, Any] = {
        "valid": True,
        "kind": shape.kind,
        "clean": shape.clean,
        "length": shape.length,
        "biriba": shape.is_biriba,
        "full": shape.is_full,
        "cards": card_codes(arrange(meld, shape)),
        "wild": None if shape.wild is None else card_codes([shape.wild])[0],
    }
    if as_json:
        typer.echo(json.dumps(result))
        return
    key = "cli.valid-full-biriba" if shape.is_full else "cli.valid-biriba" if shape.is_biriba else "cli.valid"
    typer.echo(words(key, shape=words.shape(shape), cards=tuple(arrange(meld, shape))))


def _not_a_meld(reason: str, why: str, words: Words, as_json: bool) -> NoReturn:
    """``check``'s answer for cards that are no meld: the reason in words, and its key (``why``) in JSON."""
    if as_json:
        typer.echo(json.dumps({"valid": False, "reason": reason, "why": why}))
    else:
        typer.echo(words("cli.not-a-meld", reason=reason))
    raise typer.Exit(EXIT_ILLEGAL)


@app.command()
def score(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A JSON file describing the hand ('-' for standard input).")
    ],
    as_json: JsonFlag = False,
    lang: LangOption = "en",
) -> None:
    """Score one hand of a game played with real cards, or a whole match of them.

    Input: {"rules": PRESET, "bonus_suit": "H" | null, "teams": [{"melds": \\[\\[codes]...],
    "hands": \\[\\[codes] per player], "biribaki": "taken" | "not_taken" | "taken_unplayed", "went_out": bool}]}

    A match: {"rules": PRESET, "hands": \\[{"bonus_suit": ..., "teams": \\[...]}, ...]}: each hand's scores, the
    totals, and who won once a side reaches the target.
    """
    words = _words(lang, as_json)
    data = _read_json(file, as_json)
    if is_match_sheet(data):
        _score_match(data, words, as_json)
        return
    try:
        sheet = score_sheet(data)
    except (InvalidInputError, InvalidMeldError, IllegalAction) as error:
        reason, code, extra = _sheet_error(error, words)
        _fail(reason, code, as_json, extra)
    if as_json:
        typer.echo(json.dumps(_hand_score_json(sheet)))
        return
    console = Console(highlight=False)
    for line in score_lines(sheet, words):
        console.print(line)


def _sheet_error(error: Exception, words: Words) -> tuple[str, int, dict[str, Any]]:
    """A score sheet's error as ``biriba score`` reports it: its reason, the exit code (the input's form,
    or a hand that cannot have happened) and, for a rule, the rule's name."""
    if isinstance(error, InvalidMeldError):
        return words(f"refusal.{error.reason.key}", **error.reason.facts), EXIT_ILLEGAL, {}
    if isinstance(error, IllegalAction):
        return words.refusal(error), EXIT_ILLEGAL, {"rule": error.rule}
    return str(error), EXIT_USAGE, {}


def _score_match(data: object, words: Words, as_json: bool) -> None:
    """``biriba score`` of a match played with real cards: each hand scored from its sheet into the
    totals, reported as ``biriba replay`` reports a match (each hand's scores, the totals, the winner)."""
    try:
        rules, hands = match_hands(data)
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, as_json)
    match = Match(rules)
    console = None if as_json else Console(highlight=False)
    for number, hand in enumerate(hands):
        if match.is_over:  # a hand after the last: it cannot have been played
            winners = " & ".join(words.seat(seat) for seat in match.sides[match.winner or 0])
            reason = words("cli.match-was-over", hand=number - 1, winners=winners)
            _fail(words("cli.in-hand", hand=number, reason=reason), EXIT_ILLEGAL, as_json, {"hand": number})
        try:
            sheet = score_sheet(hand, rules)
        except (InvalidInputError, InvalidMeldError, IllegalAction) as error:
            reason, code, extra = _sheet_error(error, words)
            _fail(words("cli.in-hand", hand=number, reason=reason), code, as_json, {**extra, "hand": number})
        match.add_score(sheet)
        if console is not None:
            console.rule(escape(words("cli.hand-heading", hand=number)))
            _print_hand_end(console, sheet, number, words, breakdown=True)
    result: dict[str, Any] = {
        "finished": match.is_over,
        "target": rules.target,
        "teams": [
            {"seats": list(seats), "score": total} for seats, total in zip(match.sides, match.side_totals, strict=True)
        ],
        "totals": match.totals,
        "winner": match.winner,
        "hands": [_hand_score_json(result.score) for result in match.results],
    }
    if console is None:
        typer.echo(json.dumps(result))
        return
    console.print(f"[bold]{escape(_match_summary(result, words))}[/]")


@app.command()
def replay(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A hand or match record ('-' for standard input).")],
    as_json: JsonFlag = False,
    show: Annotated[bool, typer.Option(help="Print every action and the final table.")] = False,
    lang: LangOption = "en",
) -> None:
    """Replay a record of a hand or a match and report where it stands and its scores."""
    words = _words(lang, as_json)
    data = _read_json(file, as_json)
    if isinstance(data, dict) and data.get("game", "biriba") != "biriba":
        _replay_game(data, as_json, show, words)
        return
    try:
        record: HandRecord | MatchRecord = (
            MatchRecord.from_json(data) if is_match_record(data) else HandRecord.from_json(data)
        )
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, as_json)
    try:
        if isinstance(record, MatchRecord):
            result = _replay_match(record, words, None if as_json else Console(highlight=False), show)
        else:
            result = _replay_hand(record, show and not as_json, words)
    except InvalidInputError as error:  # found only when dealing: a deck of the wrong cards, extra hands...
        _fail(str(error), EXIT_USAGE, as_json)
    except ReplayError as error:
        cause = error.cause
        details = {"index": error.index, "action": action_to_json(error.action), "rule": cause.rule}
        reason = words.refusal(cause)
        if as_json:
            typer.echo(json.dumps({"error": {**details, "reason": reason, **reason_json(cause.reason)}}))
        else:
            move = words.action(error.action)
            typer.echo(words("cli.illegal-action", index=error.index, move=move, reason=reason), err=True)
        raise typer.Exit(EXIT_ILLEGAL) from None
    if as_json:
        typer.echo(json.dumps(result))
    elif "totals" in result:
        typer.echo(_match_summary(result, words))
    elif result["finished"]:
        scores = ", ".join(
            words("cli.team-score", team=i, score=words.signed(t["score"])) for i, t in enumerate(result["teams"])
        )
        typer.echo(words("cli.hand-over", n=result["actions"], scores=scores))
    else:
        typer.echo(words("cli.unfinished", n=result["actions"], seat=result["current"]))


def _replay_hand(record: HandRecord, show: bool, words: Words) -> dict[str, Any]:
    console = Console(highlight=False)
    names = [words.seat(s) for s in range(record.rules.players)]

    watch = NewsWatch(record.start())

    def on_state(index: int, state: HandState) -> None:
        console.print(action_markup(record.actions[index], names, words))
        _print_news(console, watch.news(state), words)

    state = record.replay(on_state if show else None)
    if show:
        console.print(table_markup(state, names, words))
    result: dict[str, Any] = {"finished": state.is_over, "actions": len(record.actions)}
    if state.is_over:
        result.update(_hand_score_json(state.hand_score()))
        result["went_out"] = state.went_out if state.went_out >= 0 else None
    else:
        result["current"] = state.current
        result["phase"] = state.phase.name.lower()
    return result


def _print_news(console: Console, news: Sequence[Reason], words: Words) -> None:
    """What an action did to the biribakia, under the action (``biriba.core.news``)."""
    for item in news:
        console.print(f"  [bold]{escape(words.reason(item))}[/]")


def _replay_match(record: MatchRecord, words: Words, console: Console | None, show: bool) -> dict[str, Any]:
    """The match's standing: each finished hand's scores, the totals, and the hand in progress if any.
    Printed on ``console`` (if given) as it goes: each finished hand's scores, and with ``show`` every
    hand's deal, actions and end."""
    names = [words.seat(s) for s in range(record.rules.players)]
    shown = console if show else None
    finished_hands = 0
    watch: NewsWatch | None = None

    def on_hand_start(state: HandState) -> None:
        nonlocal watch
        watch = NewsWatch(state)
        if shown is not None:
            shown.rule(escape(words("cli.hand-dealt-by", seat=state.dealer)))
            shown.print(table_markup(state, names, words))

    def on_state(index: int, state: HandState) -> None:
        nonlocal finished_hands
        if shown is not None:
            shown.print(action_markup(record.hands[finished_hands][1][index], names, words))
            assert watch is not None  # every hand starts before its actions
            _print_news(shown, watch.news(state), words)
        if not state.is_over:
            return
        if shown is not None:
            shown.print(table_markup(state, names, words))
        if console is not None:
            _print_hand_end(console, state.hand_score(), finished_hands, words, breakdown=show)
        finished_hands += 1

    match = record.replay(on_state, on_hand_start)
    hands = [
        {"dealer": r.dealer, **_hand_score_json(r.score), "went_out": r.went_out if r.went_out >= 0 else None}
        for r in match.results
    ]
    result: dict[str, Any] = {
        "finished": match.is_over,
        "actions": sum(len(actions) for _, actions in record.hands),
        "teams": [
            {"seats": list(seats), "score": total} for seats, total in zip(match.sides, match.side_totals, strict=True)
        ],
        "totals": match.totals,
        "winner": match.winner,
        "hands": hands,
    }
    if match.hand is not None:  # the last hand is being played
        if shown is not None:
            shown.print(table_markup(match.hand, names, words))
        result["current"] = match.hand.current
        result["phase"] = match.hand.phase.name.lower()
    return result


def _print_hand_end(console: Console, score: HandScore, hand: int, words: Words, breakdown: bool) -> None:
    """A finished hand of a match: its breakdown (if ``breakdown``), then each player's score (the seats
    named as ``words`` names them)."""
    if breakdown:
        for line in score_lines(score, words):
            console.print(line)
    scores = ", ".join(f"{words.seat(seat)} {words.signed(points)}" for seat, points in enumerate(score.seat_scores))
    console.print(f"[bold]{escape(words('cli.hand-scores', hand=hand, scores=scores))}[/]")


def _match_summary(result: dict[str, Any], words: Words) -> str:
    """The last line of a match's replay (or of a match's sheet): its totals, and where an unfinished
    match stands."""
    sides = [" & ".join(words.seat(seat) for seat in team["seats"]) for team in result["teams"]]
    totals = " · ".join(
        f"{side} {words.signed(team['score'])}" for side, team in zip(sides, result["teams"], strict=True)
    )
    hands = len(result["hands"])
    if result["finished"]:
        return (
            words("cli.match-over", n=hands, totals=totals)
            + words("sep.clauses")
            + words("cli.match-winners", winners=sides[result["winner"]])
        )
    if "current" in result:
        return words("cli.unfinished-match-hand", hand=hands, seat=result["current"], totals=totals)
    return words("cli.unfinished-match", n=hands, totals=totals)


def _hand_score_json(score: HandScore) -> dict[str, Any]:
    """A hand's scores: per team its lines, seats and what each of its players scores; per seat its score."""
    return {
        "teams": [
            {**team.to_json(), "seats": list(seats), "player_score": score.seat_scores[seats[0]]}
            for seats, team in zip(score.teams, score.team_scores, strict=True)
        ],
        "seat_scores": list(score.seat_scores),
    }


rules_app = typer.Typer(
    help="The presets and rule options; 'biriba rules show PRESET' prints a preset's rule sheet.",
    invoke_without_command=True,
)
app.add_typer(rules_app, name="rules")


@rules_app.callback()
def rules_list(ctx: typer.Context, as_json: JsonFlag = False, lang: LangOption = "en") -> None:
    """List the presets and every rule option with its standard value and meaning."""
    if ctx.invoked_subcommand is not None:
        return
    words = _words(lang, as_json)
    standard = Rules.from_preset("standard")
    options = [
        {
            "name": f.name,
            "group": f.metadata["group"],
            "standard": standard.options()[f.name],
            "meaning": f.metadata["doc"],
        }
        | ({"range": list(OPTION_BOUNDS[f.name])} if f.name in OPTION_BOUNDS else {})
        for f in option_fields()
    ]
    if as_json:
        presets = [
            {
                "name": name,
                "summary": preset_summary(name, words),
                "changes": _changes_from_standard(Rules.from_preset(name)),
            }
            for name in preset_names()
        ]
        typer.echo(json.dumps({"presets": presets, "options": options}))
        return
    console = Console(highlight=False)
    console.print("[bold]Presets[/] (biriba rules show PRESET)")
    for name in preset_names():
        console.print(f"  [cyan]{name:<15}[/] {escape(preset_summary(name, words))}")
    group = None
    for option in options:
        if option["group"] != group:
            group = option["group"]
            console.print(f"\n[bold]Options: {group}[/]")
        value = json.dumps(option["standard"])
        span = f" ({option['range'][0]} to {option['range'][1]})" if "range" in option else ""
        console.print(f"  [cyan]{option['name']}[/] = {value}{span}\n      {escape(option['meaning'])}")
    console.print('\nRules are a preset name, or a JSON object: {"preset": "standard", "sets": false, "players": 3}.')


def _changes_from_standard(rules: Rules) -> dict[str, Any]:
    """The options in which ``rules`` differ from the standard preset's."""
    standard = Rules.from_preset("standard").options()
    return {name: value for name, value in rules.options().items() if value != standard[name]}


@rules_app.command("show")
def rules_show(
    preset: Annotated[
        str, typer.Argument(metavar="PRESET", help="A preset name, or a JSON rules object.")
    ] = "standard",
    players: Annotated[int | None, typer.Option(help="Number of players (2 to 6, or 8).")] = None,
    as_json: JsonFlag = False,
    lang: LangOption = "en",
) -> None:
    """Print the rule sheet of a preset (with any options of a JSON rules object)."""
    words = _words(lang)
    table_rules = _rules_from_option(preset, as_json, players)
    sheet = rule_sheet(table_rules, words)
    if as_json:
        typer.echo(json.dumps({"rules": table_rules.to_json(), "options": table_rules.options(), "sheet": sheet}))
        return
    typer.echo(sheet, nl=False)


GameOption = Annotated[
    str,
    typer.Option(
        "--game", help="The game: biriba (Biriba and Buraco), bura (Бура, two players) or tyzicha (Тысяча, three)."
    ),
]


@app.command()
def watch(  # noqa: PLR0913, PLR0915
    seed: Annotated[int | None, typer.Option(help="Seed of the deal and the bots (random if omitted).")] = None,
    bots: Annotated[
        str | None,
        typer.Option(help="One bot level for every seat, or one per seat: greedy,random,... (default greedy)"),
    ] = None,
    rules: RulesOption = "standard",
    players: Annotated[
        int | None,
        typer.Option(
            help="Number of players, 2 to 6 or 8 (the rules' own by default).",
        ),
    ] = None,
    dealer: Annotated[int, typer.Option(help="The dealer's seat.")] = 0,
    delay: Annotated[float, typer.Option(help="Seconds between actions.")] = 0.3,
    match: Annotated[bool, typer.Option("--match", help="Play a whole match, not one hand.")] = False,
    save: Annotated[Path | None, typer.Option(help="Save the record (JSON) to this file.")] = None,
    lang: LangOption = "en",
    game: GameOption = "biriba",
) -> None:
    """Watch bots play Biriba (or Bura: --game bura; Tyzicha: --game tyzicha), move by move."""
    words = _words(lang)
    if delay < 0:
        _fail(f"--delay must be 0 or more seconds, not {delay}", EXIT_USAGE, False)
    if save is not None and not save.parent.is_dir():  # said now, not after the match
        _fail(f"cannot save the record to {save}: no folder {save.parent}", EXIT_USAGE, False)
    if game != "biriba":
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        _watch_game(_GameTable.of(game, rules, players, bots, dealer), seed, match, save, words, delay)
        return
    table_rules = _rules_from_option(rules, False, players)
    levels = (bots or "greedy").split(",")
    if len(levels) == 1:
        levels = levels * table_rules.players
    if len(levels) != table_rules.players:
        _fail(f"--bots needs 1 or {table_rules.players} levels, not {len(levels)}", EXIT_USAGE, False)
    try:
        seated = [make_bot(level.strip()) for level in levels]
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, False)
    if not 0 <= dealer < table_rules.players:
        _fail(f"--dealer must be a seat 0..{table_rules.players - 1}", EXIT_USAGE, False)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    console = Console(highlight=False)
    names = [f"{words(f'bot.{bot.name}')} {seat + 1}" for seat, bot in enumerate(seated)]
    console.print(escape(words("cli.watch-title", seed=seed, preset=table_rules.preset)))

    watch: NewsWatch | None = None

    def on_hand_start(state: HandState) -> None:
        nonlocal watch
        watch = NewsWatch(state)
        console.rule(escape(words.with_names(names)("cli.hand-dealt-by", seat=state.dealer)))
        console.print(table_markup(state, names, words))

    hands_played = 0

    def on_action(state: HandState, action: Action) -> None:
        nonlocal hands_played
        console.print(action_markup(action, names, words))
        assert watch is not None  # every hand starts before its actions
        _print_news(console, watch.news(state), words.with_names(names))
        if isinstance(action, Discard) or state.is_over:
            console.print(table_markup(state, names, words))
            console.print()
        if state.is_over and match:  # each hand's scores as it ends, not only at the end of the match
            _print_hand_end(console, state.hand_score(), hands_played, words.with_names(names), breakdown=True)
            hands_played += 1
        if delay:
            time.sleep(delay)

    if match:
        match_record, result = play_match(table_rules, seated, seed, dealer, on_action, on_hand_start)
        sides = [" & ".join(names[seat] for seat in side) for side in result.sides]
        totals = " · ".join(
            f"{side} {words.number(total)}" for side, total in zip(sides, result.side_totals, strict=True)
        )
        text = words("cli.match-won", totals=totals, winners=sides[result.winner or 0])
        console.print(f"[bold]{escape(text)}[/]")
        saved: dict[str, Any] = match_record.to_json()
    else:
        hand_record, state = play_hand(table_rules, seated, dealer, seed, on_action, on_hand_start)
        console.rule(escape(words("cli.end-of-hand")))
        for line in score_lines(state.hand_score(), words):
            console.print(line)
        saved = hand_record.to_json()
    if save is not None:
        _save_record(save, saved)
        console.print(escape(words("cli.record-saved", path=str(save))))


# --- the other games (biriba.games) -----------------------------------------------------------------


@dataclass(frozen=True)
class _GameTable:
    """A table of a game other than Biriba, from the options: the game, its rules, its bots, the dealer."""

    game: Game
    rules: Any
    bots: list[GameBot]
    dealer: int

    @classmethod
    def of(cls, name: str, preset: str, players: int | None, bots: str | None, dealer: int) -> _GameTable:
        try:
            game = game_named(name)
            rules = game.rules_from_option(preset, players)
            players = game.rules_players(rules)
            levels = [level.strip() for level in (bots or "heuristic").split(",")]
            if len(levels) == 1:
                levels *= players
            if len(levels) != players:
                raise InvalidInputError(f"--bots needs 1 or {players} levels, not {len(levels)}")
            if not 0 <= dealer < players:
                raise InvalidInputError(f"--dealer must be a seat 0..{players - 1}")
            return cls(game, rules, [game.make_bot(level) for level in levels], dealer)
        except InvalidInputError as error:
            _fail(str(error), EXIT_USAGE, False)


@dataclass(frozen=True)
class _Narration:
    """What the command line says of a game other than Biriba, as bots play it (``watch``) or a record
    replays (``replay``). Its texts are the catalogue's ``<prefix>.`` keys of the same names
    (``watch-title``, ``hand_over``, ``record-summary``, ``unfinished``, ``match_over``)."""

    prefix: str
    move: Callable[[Words, Any], str]
    """A move in words, the whole record seen."""
    deal: Callable[[Words, list[str], GameState], tuple[int, list[str]]]
    """A hand as dealt: its dealer, and what the bots watched hold."""
    after: Callable[[Words, GameState, Any], list[str]]
    """What a move led to, said after it (a trick taken, a combination shown)."""
    result: Callable[[Words, GameState], str]
    """A finished hand's result."""
    standing: Callable[[Words, GameMatch], str]
    match_over: Callable[[Words, GameMatch], str]
    """Who won the match."""
    summary: Callable[[GameMatch], dict[str, Any]]
    """Where the match stands, for ``replay --json`` (besides the hands, results, winner and who plays)."""


class _PlayedMatch(Protocol):
    """What the command line reads of a match of a game other than Biriba (each game's match has it)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def results(self) -> Sequence[Any]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def hand(self) -> Any: ...


def _bura_narration() -> _Narration:
    from biriba.games.bura import Answer, BuraMatch, BuraState, Claim
    from biriba.i18n.bura import combination_name, move_text, result_text, standing_text

    def deal(words: Words, names: list[str], state: GameState) -> tuple[int, list[str]]:
        assert isinstance(state, BuraState)
        hands = [f"{names[seat]}: {words.cards(hand)}" for seat, hand in enumerate(state.hands)]
        return state.dealer, [words("bura.trump-card", card=state.trump_card), *hands]

    def after(words: Words, state: GameState, action: Any) -> list[str]:
        assert isinstance(state, BuraState)
        lines = []
        if state.announced is not None and isinstance(action, Claim):
            seat, kind = state.announced
            lines.append(words("bura.announced", seat=seat, combination=combination_name(words, kind)))
        if isinstance(action, Answer) and state.tricks:
            lines.append(words("bura.trick-won", seat=state.tricks[-1].winner))
        return lines

    def result(words: Words, state: GameState) -> str:
        assert isinstance(state, BuraState) and state.result is not None
        return result_text(words, state.result, state.pot)

    def standing(words: Words, match: GameMatch) -> str:
        assert isinstance(match, BuraMatch)
        return standing_text(words, match.tokens)

    def match_over(words: Words, match: GameMatch) -> str:
        assert isinstance(match, BuraMatch)
        return words("bura.match_over", seat=match.winner)

    def summary(match: GameMatch) -> dict[str, Any]:
        assert isinstance(match, BuraMatch)
        return {"tokens": match.tokens, "pot": match.pot}

    return _Narration("bura", move_text, deal, after, result, standing, match_over, summary)


def _tyzicha_narration() -> _Narration:
    from biriba.games.tyzicha import Play, TyzichaMatch, TyzichaState
    from biriba.i18n.tyzicha import move_text, result_text, standing_text

    def deal(words: Words, names: list[str], state: GameState) -> tuple[int, list[str]]:
        assert isinstance(state, TyzichaState)
        hands = [f"{names[seat]}: {words.cards(hand)}" for seat, hand in enumerate(state.hands)]
        return state.dealer, [*hands, words("tyzicha.widow", cards=state.widow)]

    def after(words: Words, state: GameState, action: Any) -> list[str]:
        assert isinstance(state, TyzichaState)
        if isinstance(action, Play) and not state.trick and state.tricks:
            return [words("tyzicha.trick-won", seat=state.tricks[-1].winner)]
        return []

    def result(words: Words, state: GameState) -> str:
        assert isinstance(state, TyzichaState) and state.result is not None
        return result_text(words, state.result)

    def standing(words: Words, match: GameMatch) -> str:
        assert isinstance(match, TyzichaMatch)
        return standing_text(words, match.scores)

    def match_over(words: Words, match: GameMatch) -> str:
        assert isinstance(match, TyzichaMatch) and match.winner is not None
        return words("tyzicha.match_over", seat=match.winner, points=match.scores[match.winner])

    def summary(match: GameMatch) -> dict[str, Any]:
        assert isinstance(match, TyzichaMatch)
        return {"scores": list(match.scores), "target": match.rules.target}

    return _Narration("tyzicha", move_text, deal, after, result, standing, match_over, summary)


_NARRATIONS: dict[str, Callable[[], _Narration]] = {"bura": _bura_narration, "tyzicha": _tyzicha_narration}
"""The games other than Biriba, by name: what the command line says of them (imported when needed)."""


def _watch_game(  # noqa: PLR0913
    table: _GameTable, seed: int, whole_match: bool, save: Path | None, words: Words, delay: float
) -> None:
    """Bots playing a game other than Biriba, move by move: the deal, every move and what it led to, each
    hand's end and the standing."""
    narration = _NARRATIONS[table.game.name]()
    console = Console(highlight=False)
    names = [f"{words(f'bot.{bot.name}')} {seat + 1}" for seat, bot in enumerate(table.bots)]
    named = words.with_names(names)
    console.print(escape(words(f"{narration.prefix}.watch-title", seed=seed)))

    def on_hand_start(state: GameState) -> None:
        dealer, lines = narration.deal(named, names, state)
        console.rule(escape(named("cli.hand-dealt-by", seat=dealer)))
        for line in lines:
            console.print(escape(line))

    def on_action(state: GameState, action: Any) -> None:
        console.print(escape(narration.move(named, action)))
        for line in narration.after(named, state, action):
            console.print(escape(line))
        if state.is_over:
            console.print(f"[bold]{escape(narration.result(named, state))}[/]")
        if delay:
            time.sleep(delay)

    def on_hand_end(match: GameMatch, _: object) -> None:
        console.print(escape(narration.standing(named, match)))

    record, match = play_game_match(
        table.game,
        table.rules,
        table.bots,
        seed,
        table.dealer,
        max_hands=None if whole_match else 1,
        on_hand_start=on_hand_start,
        on_action=on_action,
        on_hand_end=on_hand_end,
    )
    if match.is_over:
        console.print(f"[bold]{escape(narration.match_over(named, match))}[/]")
    if save is not None:
        _save_record(save, record.to_json())
        console.print(escape(words("cli.record-saved", path=str(save))))


def _replay_game(data: dict[str, Any], as_json: bool, show: bool, words: Words) -> None:
    """``biriba replay`` of a match record of a game other than Biriba: each hand's end, the standing, and
    where play stands. An illegal action exits 1 naming its hand, its index and the rule."""
    try:
        record = GameRecord.from_json(data)
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, as_json)
    narration = _NARRATIONS[record.game.name]()
    prefix = narration.prefix
    lines: list[str] = []

    def on_state(hand: int, index: int, state: GameState) -> None:
        if show:
            lines.append(narration.move(words, record.hands[hand][1][index]))
        if state.is_over:
            lines.append(words(f"{prefix}.hand_over", hand=hand) + ": " + narration.result(words, state))

    try:
        played = record.replay(on_state=on_state)
    except InvalidInputError as error:  # a deck of the wrong cards, a hand dealt after the match ended...
        _fail(str(error), EXIT_USAGE, as_json)
    except GameReplayError as error:
        action = record.hands[error.hand][1][error.index]
        details = {"hand": error.hand, "index": error.index, "action": record.game.action_to_json(action)}
        reason = words.refusal(error.cause)
        if as_json:
            typer.echo(json.dumps({"error": {**details, "rule": error.cause.rule, "reason": reason}}))
        else:
            move = narration.move(words, action)
            typer.echo(
                words(f"{prefix}.hand_over", hand=error.hand)
                + ": "
                + words("cli.illegal-action", index=error.index, move=move, reason=reason),
                err=True,
            )
        raise typer.Exit(EXIT_ILLEGAL) from None
    match = cast(_PlayedMatch, played)
    hand = match.hand
    if as_json:
        result: dict[str, Any] = {
            "game": record.game.name,
            "hands": len(record.hands),
            "results": [r.to_json() for r in match.results],
            **narration.summary(played),
            "over": match.is_over,
            "winner": match.winner,
        }
        if hand is not None:
            result["current"] = hand.current
        typer.echo(json.dumps(result))
        return
    for line in lines:
        typer.echo(line)
    standing = narration.standing(words, played)
    typer.echo(words(f"{prefix}.record-summary", n=len(match.results), standing=standing))
    if hand is not None:
        moves = len(record.hands[-1][1])
        typer.echo(words(f"{prefix}.unfinished", hand=len(record.hands) - 1, n=moves, seat=hand.current))
    elif match.is_over:
        typer.echo(narration.match_over(words, played))


# --- biriba play (src/biriba/tui) ---------------------------------------------------------------------


@app.command()
def play(  # noqa: PLR0912, PLR0913
    players: Annotated[
        int | None,
        typer.Option(
            help="Number of players, 2 to 6 or 8 (the rules' own by default).",
        ),
    ] = None,
    rules: RulesOption = "standard",
    seat: Annotated[
        int | None, typer.Option(help="Your seat (0 deals the first hand; with --load, the saved seat).")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bot level for every other seat, or one per other seat in seat order: greedy,random,... "
            "(default greedy; with --load, the saved bots)."
        ),
    ] = None,
    target: Annotated[int | None, typer.Option(help="Target score of the match (the rules' own by default).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deals and the bots (random if omitted).")] = None,
    lang: PlayLangOption = None,
    load: Annotated[Path | None, typer.Option(help="Resume the match saved in this file.")] = None,
    replay_file: Annotated[
        Path | None, typer.Option("--replay", help="Step through a saved hand or match record.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where w saves the match (default: the --load file, or GAME-match.json)."),
    ] = None,
    delay: Annotated[float, typer.Option(help="Seconds each bot pauses before it plays.")] = 0.6,
    game_name: GameOption = "biriba",
) -> None:
    """Play Biriba at a terminal table against bots (keys: d draw, t take the pile, m meld, x discard,
    h hint, w save, q quit). --game bura plays Bura against a bot (keys: 1-3 choose cards, Enter plays);
    --game tyzicha plays Tyzicha against two bots (keys: b bid, p pass, 1-9 0 choose a card, Enter plays)."""
    import dataclasses

    # Textual is imported here, not at the top, so the other commands start without it.
    import platformdirs

    from biriba.tui import BiribaApp, ReplayCursor, TableGame
    from biriba.tui.biriba.game import SavedTable, read_record, saved_table

    lang = _table_language(lang)
    if delay < 0:
        _fail(f"--delay must be 0 or more seconds, not {delay}", EXIT_USAGE, False)
    if load is not None and replay_file is not None:
        _fail("--load and --replay cannot be used together", EXIT_USAGE, False)
    if load is not None and target is not None:
        _fail("--target cannot change the target of a saved match", EXIT_USAGE, False)
    table_game = _table_game(game_name, load, replay_file)
    if table_game != "biriba":
        _play_game(
            _TableOptions(table_game, rules, players, target, seat, bots, seed, lang, load, replay_file, save, delay)
        )
        return
    try:
        if replay_file is not None:
            tui = BiribaApp(replay=ReplayCursor.load(replay_file), language=lang, seat=seat or 0)
        else:
            table_rules = _record_rules(load) if load is not None else _rules_from_option(rules, False, players)
            if target is not None:
                table_rules = dataclasses.replace(table_rules, target=target)
            # A saved match keeps its table: the person's seat and the bots, unless the options say otherwise.
            saved = saved_table(read_record(load)) if load is not None else None
            if seat is None:
                seat = saved.seat if saved is not None else 0
            if bots is None:
                bots = ",".join(saved.bots) if saved is not None and saved.seat == seat else "greedy"
            levels = [level.strip() for level in bots.split(",")]
            others = table_rules.players - 1
            if len(levels) == 1:
                levels = levels * others
            if len(levels) != others:
                raise InvalidInputError(f"--bots needs 1 or {others} levels (one per other seat), not {len(levels)}")
            if not 0 <= seat < table_rules.players:
                raise InvalidInputError(f"--seat must be a seat 0..{table_rules.players - 1}, not {seat}")
            seated: list[Bot | None] = [make_bot(level) for level in levels]
            seated.insert(seat, None)  # the person's seat
            if load is not None:
                game = TableGame.load(load, seat, seated)
            else:
                seed = random.SystemRandom().randrange(2**31) if seed is None else seed
                game = TableGame.new(table_rules, seat, seated, seed)
            game.table = SavedTable(seat, tuple(levels))
            save_path = save if save is not None else (load if load is not None else Path("biriba-match.json"))
            records = Path(platformdirs.user_data_dir("biriba", appauthor=False)) / "records"
            tui = BiribaApp(game=game, language=lang, bot_delay=delay, save_path=save_path, records=records)
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, False)
    tui.run()


def _table_language(lang: str | None) -> str:
    """The language of a table, which a person reads at a terminal: the option's, else the terminal's
    (its locale), else English."""
    return _check_language(lang or locale_language(os.environ) or "en")


def _table_game(game_name: str, load: Path | None, replay_file: Path | None) -> str:
    """The game whose table ``biriba play`` opens: the game of a record to resume or replay, else the one
    asked for."""
    from biriba.tui.shell.files import read_json_file

    if game_name not in GAMES:
        _fail(f"unknown game {game_name!r} (games: {', '.join(GAMES)})", EXIT_USAGE, False)
    for path in (load, replay_file):
        if path is None:
            continue
        try:
            data = read_json_file(path)
        except InvalidInputError:  # unreadable or not JSON: the table that opens it says so
            continue
        recorded = data.get("game") if isinstance(data, dict) else None
        if recorded in _NARRATIONS:
            return str(recorded)
    return game_name


@dataclass(frozen=True)
class _TableOptions:
    game: str
    rules: str
    players: int | None
    target: int | None
    seat: int | None
    bots: str | None
    seed: int | None
    lang: str
    load: Path | None
    replay_file: Path | None
    save: Path | None
    delay: float


@dataclass(frozen=True)
class _Table:
    """The terminal table of a game other than Biriba: its application, the match a person plays, the
    cursor of a replay, and the reader of its records."""

    app: Callable[..., Any]
    new: Callable[[Any, int, list[Any], int], Any]
    load: Callable[[Path, int, list[Any]], Any]
    replay: Callable[[Path], Any]
    read_record: Callable[[Path], dict[str, object]]


def _table(name: str) -> _Table:
    """The table of ``name`` (Textual is imported here, not at the top, so the other commands start without it)."""
    if name == "bura":
        from biriba.tui.bura import board, game

        return _Table(
            board.BuraApp,
            game.BuraTableGame.new,
            game.BuraTableGame.load,
            game.BuraReplayCursor.load,
            game.read_record,
        )
    from biriba.tui.tyzicha import board as tyzicha_board
    from biriba.tui.tyzicha import game as tyzicha_game

    return _Table(
        tyzicha_board.TyzichaApp,
        tyzicha_game.TyzichaTableGame.new,
        tyzicha_game.TyzichaTableGame.load,
        tyzicha_game.TyzichaReplayCursor.load,
        tyzicha_game.read_record,
    )


def _table_rules(game: Game, options: _TableOptions) -> Any:
    """The rules of a new table of a game other than Biriba from ``--rules``, ``--players`` and ``--target``
    (a saved match keeps its own: the options that would change them are refused)."""
    if options.load is not None:
        if options.rules != "standard" or options.players is not None:
            raise InvalidInputError("--rules and --players cannot change the rules of a saved match")
        return game.rules()  # only a default: the saved match's own rules are read with it
    rules = game.rules_from_option(options.rules, options.players)
    if options.target is None:
        return rules
    if "target" not in game.rules_to_json(rules):
        raise InvalidInputError(f"--target: a {game.name.title()} match has no target score")
    return game.rules_from_json({**game.rules_to_json(rules), "target": options.target})


def _play_game(options: _TableOptions) -> None:
    """``biriba play --game bura`` (or tyzicha): a match against bots, resumed from a save, or a record
    stepped through."""
    import platformdirs

    game = game_named(options.game)
    table = _table(options.game)
    try:
        if options.replay_file is not None:
            tui = table.app(replay=table.replay(options.replay_file), language=options.lang, seat=options.seat or 0)
        else:
            rules = _table_rules(game, options)
            players = game.rules_players(rules)
            saved_table = table.read_record(options.load).get("table") if options.load is not None else None
            saved = saved_table if isinstance(saved_table, dict) else {}
            seat = options.seat if options.seat is not None else saved.get("seat", 0)
            if not isinstance(seat, int) or seat not in range(players):
                seats = ", ".join(map(str, range(players - 1))) + f" or {players - 1}"
                raise InvalidInputError(f"--seat must be {seats}, not {seat}")
            levels = [level.strip() for level in options.bots.split(",")] if options.bots else saved.get("bots")
            if not isinstance(levels, list) or not all(isinstance(level, str) for level in levels):
                levels = ["heuristic"]
            if len(levels) == 1:
                levels *= players - 1
            if len(levels) != players - 1:
                if players == 2:
                    raise InvalidInputError(
                        f"--bots names the one bot of a {game.name.title()} table, not {options.bots!r}"
                    )
                raise InvalidInputError(
                    f"--bots needs 1 or {players - 1} levels (one per other seat), not {len(levels)}"
                )
            bots: list[Any] = [game.make_bot(level) for level in levels]
            bots.insert(seat, None)  # the person's seat
            if options.load is not None:
                match = table.load(options.load, seat, bots)
            else:
                seed = random.SystemRandom().randrange(2**31) if options.seed is None else options.seed
                match = table.new(rules, seat, bots, seed)
            match.table = {"seat": seat, "bots": levels}
            save_path = options.save or options.load or Path(f"{game.name}-match.json")
            records = Path(platformdirs.user_data_dir("biriba", appauthor=False)) / "records"
            tui = table.app(
                game=match, language=options.lang, bot_delay=options.delay, save_path=save_path, records=records
            )
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, False)
    tui.run()


def _record_rules(path: Path) -> Rules:
    """The rules a saved record plays (for --load)."""
    data = _read_json(str(path), False)
    if not isinstance(data, dict):
        _fail(f"{path} is not a record: expected a JSON object", EXIT_USAGE, False)
    try:
        return rules_for_players(data.get("rules", "standard"), data.get("players"))
    except InvalidInputError as error:
        _fail(f"{path}: {error}", EXIT_USAGE, False)


# --- biriba tournament (src/biriba/sim) -------------------------------------------------------------


@app.command()
def tournament(  # noqa: PLR0913
    bots: Annotated[
        list[str],
        typer.Argument(
            metavar="BOT",
            help="Two or more bot specs: random greedy heuristic:key=value ..., or your own by its import path "
            "(mybots.Cautious: a module of this folder or an installed one).",
        ),
    ],
    deals: Annotated[
        int, typer.Option(help="Duplicate deals per pairing (each played with each bot alone at each side).")
    ] = 100,
    players: Annotated[int | None, typer.Option(help="Players, 2 to 8 (the rules' own by default).")] = None,
    rules: RulesOption = "standard",
    matches: Annotated[
        int, typer.Option(help="Duplicate matches per pairing (each played twice; games of two sides only).")
    ] = 0,
    target: Annotated[int | None, typer.Option(help="Target score of the matches (the rules' own by default).")] = None,
    workers: Annotated[int | None, typer.Option(help="Processes to play on (default: one per core).")] = None,
    seed: Annotated[int, typer.Option(help="Base seed: deal i is dealt from this seed and i.")] = 1,
    schedule: Annotated[
        str, typer.Option(help="round-robin: every pair; ladder: each bot against the next (list them weakest first).")
    ] = "round-robin",
    out: Annotated[Path, typer.Option(help="Folder for results.json, results.csv and ladder.png.")] = Path(
        "tournament"
    ),
) -> None:
    """Measure bots against each other over duplicate deals (the same cards, X in each side's seats in turn).

    Prints each pairing's hands won and mean point difference (95% interval) and the bots' ratings;
    writes OUT/results.json, OUT/results.csv and, with the tournament extra (matplotlib), OUT/ladder.png.
    """
    import dataclasses

    from biriba.sim.report import PLOT_MISSING, can_plot, capped_lines, pairing_table, rating_table, write_results
    from biriba.sim.tournament import SCHEDULES, TournamentConfig, run_tournament

    table_rules = _rules_from_option(rules, False, players)
    if target is not None:
        try:
            table_rules = dataclasses.replace(table_rules, target=target)
        except InvalidInputError as error:
            _fail(str(error), EXIT_USAGE, False)
    if schedule not in SCHEDULES:
        _fail(f"--schedule must be one of {', '.join(SCHEDULES)}, not {schedule!r}", EXIT_USAGE, False)
    if any(names_imported_bot(spec) for spec in bots):
        # A researcher's bot is a module of the folder the command runs in, as for ``python -m``; the
        # worker processes inherit the path.
        sys.path.insert(0, os.getcwd())
    config = TournamentConfig(
        tuple(spec.strip() for spec in bots),
        table_rules,
        deals,
        matches,
        seed,
        tuple(SCHEDULES[schedule](len(bots))),
    )
    progress = Console(stderr=True)
    started = time.perf_counter()
    try:
        config.validate()
        if workers is not None and workers < 1:
            raise InvalidInputError(f"--workers must be at least 1, not {workers}")
        result = run_tournament(config, workers, progress=progress.is_terminal, console=progress)
        paths = write_results(result, out)
    except InvalidInputError as error:
        _fail(str(error), EXIT_USAGE, False)
    console = Console(highlight=False)
    console.print(pairing_table(result))
    for line in capped_lines(result):
        console.print(f"[yellow]{escape(line)}[/]")
    console.print(rating_table(result))
    elapsed = time.perf_counter() - started
    console.print(
        f"{sum(p.hands for p in result.pairings)} hands in {elapsed:.1f} s; wrote {', '.join(map(str, paths))}"
    )
    if not can_plot():
        console.print(f"ladder.png not drawn: {escape(PLOT_MISSING)}")


# --- biriba serve (src/biriba/server) ------------------------------------------------------------------


def _env(option: str) -> str:
    """The environment variable of a ``biriba serve`` option: ``--stand-in-after`` reads ``BIRIBA_STAND_IN_AFTER``."""
    return server_defaults.ENVIRONMENT_PREFIX + option.upper().replace("-", "_")


@app.command()
def serve(  # noqa: PLR0912, PLR0913
    host: Annotated[str, typer.Option(help="Address to listen on.", envvar=_env("host"))] = server_defaults.HOST,
    port: Annotated[
        int, typer.Option(help="Port to listen on (0: a free port, printed at start-up).", envvar=_env("port"))
    ] = server_defaults.PORT,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: postgresql://... or sqlite:///FILE (default: SQLite in the user's data dir).",
            envvar=_env("db"),
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://...) to share table events with other server processes.", envvar=_env("redis")
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another browser origin allowed on the WebSocket (repeatable; in the environment: spaces between).",
            envvar=_env("allow-origin"),
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it plays.", envvar=_env("bot-delay"))
    ] = server_defaults.BOT_DELAY,
    resync_interval: Annotated[
        float,
        typer.Option(
            help="With --redis: seconds between catch-ups of every loaded table from the database "
            "(the longest a lost table notice delays other processes' views).",
            envvar=_env("resync-interval"),
        ),
    ] = server_defaults.RESYNC_INTERVAL,
    hint_bot: Annotated[
        str, typer.Option(help="The bot whose choice a hint gives (default: the strongest).", envvar=_env("hint-bot"))
    ] = HINT_BOT,
    proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="Address of a proxy in front of the server whose X-Forwarded-For is trusted (repeatable).",
            envvar=_env("proxy"),
        ),
    ] = None,
    think_workers: Annotated[
        int | None,
        typer.Option(
            help="Worker processes where bots and hints think (default: one per core).", envvar=_env("think-workers")
        ),
    ] = None,
    think_seconds: Annotated[
        float, typer.Option(help="Time limit of one bot decision or hint, in seconds.", envvar=_env("think-seconds"))
    ] = server_defaults.THINK_SECONDS,
    guests_rate: Annotated[
        str, typer.Option(help="Guests one address may make, e.g. 20/minute.", envvar=_env("guests-rate"))
    ] = server_defaults.GUESTS_RATE,
    logins_rate: Annotated[
        str,
        typer.Option(
            help="Logins one address may try, and one account may be tried with, e.g. 10/minute.",
            envvar=_env("logins-rate"),
        ),
    ] = server_defaults.LOGINS_RATE,
    stand_in_after: Annotated[
        float,
        typer.Option(
            help="Seconds a person must be away before the others may hand their seat to a bot.",
            envvar=_env("stand-in-after"),
        ),
    ] = server_defaults.STAND_IN_AFTER,
    close_after: Annotated[
        float,
        typer.Option(
            help="Seconds after the last person left a table before it is closed (its record is kept).",
            envvar=_env("close-after"),
        ),
    ] = server_defaults.CLOSE_AFTER,
    log_level: Annotated[str, typer.Option(help="uvicorn's log level.", envvar=_env("log-level"))] = (
        server_defaults.LOG_LEVEL
    ),
) -> None:
    """Serve online tables and the browser client (http://127.0.0.1:8000 by default)."""
    # The server's packages are imported here, so that the other commands start without them; they come
    # with the server extra, which `pip install biriba` alone does not install.
    import dataclasses

    try:
        import limits

        from biriba.server.main import serve as run_server
        from biriba.server.settings import Settings, default_database_url
    except ImportError as error:
        _fail(
            f"the online game needs the server extra ({error.name} is missing): pip install 'biriba[server]'",
            EXIT_USAGE,
            False,
        )

    if not 0 <= port < 65536:
        _fail(f"--port must be 0..65535 (0: any free port), not {port}", EXIT_USAGE, False)
    if bot_delay < 0:
        _fail(f"--bot-delay must be 0 or more seconds, not {bot_delay}", EXIT_USAGE, False)
    if not resync_interval > 0:
        _fail(f"--resync-interval must be more than 0 seconds, not {resync_interval}", EXIT_USAGE, False)
    try:
        make_bot(hint_bot)
    except InvalidInputError as error:
        _fail(f"--hint-bot: {error}", EXIT_USAGE, False)
    if think_workers is not None and think_workers < 1:
        _fail(f"--think-workers must be 1 or more, not {think_workers}", EXIT_USAGE, False)
    if not think_seconds > 0:
        _fail(f"--think-seconds must be more than 0, not {think_seconds}", EXIT_USAGE, False)
    for option, seconds in (("--stand-in-after", stand_in_after), ("--close-after", close_after)):
        if not seconds > 0:
            _fail(f"{option} must be more than 0 seconds, not {seconds}", EXIT_USAGE, False)
    for option, rate in (("--guests-rate", guests_rate), ("--logins-rate", logins_rate)):
        try:
            limits.parse(rate)
        except ValueError:
            _fail(f"{option} must be a rate such as 20/minute, not {rate!r}", EXIT_USAGE, False)
    url = db if db is not None else default_database_url()
    if not url.startswith(("sqlite:", "postgresql:", "postgres:", "postgresql+psycopg:")):
        _fail(f"--db must be a postgresql:// or sqlite:/// URL, not {url!r}", EXIT_USAGE, False)
    settings = Settings(
        database_url=url,
        redis_url=redis,
        allowed_origins=tuple(allow_origin or ()),
        bot_delay=bot_delay,
        resync_interval=resync_interval,
        hint_bot=hint_bot,
        think_seconds=think_seconds,
        guests_rate=guests_rate,
        logins_rate=logins_rate,
        trusted_proxies=tuple(proxy or ()),
        stand_in_after=stand_in_after,
        close_after=close_after,
    )
    if think_workers is not None:
        settings = dataclasses.replace(settings, think_workers=think_workers)
    run_server(settings, host, port, log_level)  # prints the address it binds (the port chosen for 0)


def main() -> None:
    app()
