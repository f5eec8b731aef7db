"""A readable rule sheet of what a :class:`Rules` object plays, the way a table would agree it.

The sheet is written from the options themselves, so it stays true for any preset with overrides:
``biriba rules show PRESET`` prints it (``--lang el`` in Greek), and the clients show it. Its words are
the ``sheet.*`` texts of the catalogue (:mod:`biriba.i18n`).

>>> sheet = rule_sheet(Rules.from_preset("standard"))
>>> sheet.splitlines()[0]
'Biriba (Μπιρίμπα): standard rules, 4 players in 2 fixed partnerships, partners sitting opposite'
>>> "strictly more than 5,000" in sheet
True
"""

from __future__ import annotations

from biriba.core.rules import PRESETS, BiribaBonuses, Rules
from biriba.i18n import Words

ENGLISH = Words("en")


def preset_summary(name: str, words: Words = ENGLISH) -> str:
    """One line on a named preset."""
    return words(f"preset.{name}")


def rule_sheet(rules: Rules, words: Words = ENGLISH) -> str:
    """The rules as a text a group could read out before play."""
    partnership = words(f"sheet.partnership.{rules.partnerships}", n=rules.teams)
    buraco = rules.preset.startswith("buraco")
    title = words(
        "sheet.title-buraco" if buraco else "sheet.title", preset=rules.preset, n=rules.players, partnership=partnership
    )
    lines = [title, ""]
    if buraco:  # the game's own words for what the sheet names in Biriba's
        lines += [words("sheet.buraco-words"), ""]
    for section, items in (
        ("deal", _deal(rules, words)),
        ("melds", _melds(rules, words)),
        ("turn", _turn(rules, words)),
        ("biribakia", _biribakia(rules, words)),
        ("scoring", _scoring(rules, words)),
        ("match", _match(rules, words)),
    ):
        lines += [words(f"sheet.section.{section}"), *(f"  - {item}" for item in items), ""]
    return "\n".join(lines).rstrip() + "\n"


def _deal(rules: Rules, words: Words) -> list[str]:
    packets = " + ".join(words.number(size) for size in rules.packet_sizes)
    items = [
        words("sheet.pack", decks=rules.decks, jokers=rules.jokers, n=rules.decks * 52 + rules.jokers),
        words("sheet.dealt", size=rules.hand_size, packets=packets),
    ]
    if rules.dealer_takes_bottom_wilds:
        items.append(words("sheet.dealer-bottom-wilds"))
    if not rules.upcard:
        items.append(words("sheet.no-upcard"))
    elif rules.bonus_suit:
        items += [words("sheet.upcard-bonus-suit"), words(f"sheet.joker-upcard.{rules.joker_upcard}")]
    else:
        items.append(words("sheet.upcard-no-bonus-suit"))
    first = rules.first_player % rules.players
    key = {0: "sheet.first.dealer", 1: "sheet.first.next"}.get(first, "sheet.first.later")
    items.append(words(key, n=first))
    if rules.scores_cut:
        points = [words("sheet.cut.exact", n=rules.exact_cut_bonus)]
        if rules.near_cut_bonus:
            points.append(words("sheet.cut.near", n=rules.near_cut_bonus))
        if rules.short_cut_penalty:
            points.append(words("sheet.cut.short", n=rules.short_cut_penalty))
        items.append(words(f"sheet.cut.{rules.cutter}", points=words.clauses(points)))
    if rules.cutter_takes_bottom_wild:
        items.append(words(f"sheet.cut-wild.{rules.cutter}"))
    return items


def _melds(rules: Rules, words: Words) -> list[str]:
    items = [words("sheet.runs.ace-to-ace" if rules.ace_to_ace else "sheet.runs")]
    items.append(words("sheet.sets.aces" if rules.sets == "aces" else "sheet.sets" if rules.sets else "sheet.no-sets"))
    items.append(words("sheet.wild-cards"))
    if rules.sets_of_twos:
        items.append(words("sheet.twos-sets"))
    if rules.wild_melds:
        items.append(words("sheet.wild-melds"))
    items.append(words("sheet.biriba"))
    return items


def _turn(rules: Rules, words: Words) -> list[str]:
    items = [words("sheet.draw")]
    if rules.closed_discard_pile:
        items.append(words("sheet.closed-pile"))
    if rules.take_pile_requires_meld:
        items.append(words("sheet.pile-to-meld"))
    if rules.take_pile_requires_top_card:
        items.append(words("sheet.pile-top-card"))
    items += [words("sheet.meld-and-discard"), words("sheet.keep-two")]
    if rules.initial_meld is not None:
        steps = words.clauses(
            words("sheet.schedule.step", score=start, minimum=minimum)
            if minimum
            else words("sheet.schedule.nothing", score=start)
            for start, minimum in rules.initial_meld
        )
        items.append(words("sheet.initial-meld", schedule=steps))
    if rules.whole_hand_opening:
        items.append(words("sheet.whole-hand-opening"))
    if rules.formed_partnerships:
        items.append(words(f"sheet.formed.{rules.players}", n=rules.packet_sizes[0]))
    if not rules.partner_wild_discard:
        items.append(words("sheet.partner-wild-discard"))
    items.append(words(f"sheet.end.{rules.end_of_draw_pile}"))
    return items


def _biribakia(rules: Rules, words: Words) -> list[str]:
    needs = "with-biriba" if rules.biriba_for_biribaki else "without-biriba"
    biriba = "clean" if rules.going_out_needs_clean_biriba else "any"
    how = "discard-or-meld" if rules.going_out_by_meld else "discard"
    items = [words(f"sheet.take-biribaki.{needs}"), words(f"sheet.go-out.{biriba}.{how}")]
    if not rules.going_out_after_one_card_pile:
        items.append(words("sheet.closing-condition"))
    return items


def _scoring(rules: Rules, words: Words) -> list[str]:
    items = [
        words(
            "sheet.card-values",
            joker=rules.joker_value,
            ace=rules.ace_value,
            two=rules.two_value,
            high=rules.high_value,
            low=rules.low_value,
        ),
        words("sheet.bonuses", bonuses=_bonuses(rules, rules.bonuses, words)),
    ]
    if rules.laid_whole_bonuses is not None:
        items.append(words("sheet.bonuses-laid-whole", bonuses=_bonuses(rules, rules.laid_whole_bonuses, words)))
    items.append(words("sheet.going-out", n=rules.going_out_bonus))
    unless = "" if rules.no_biribaki_penalty_when_none_taken else "-unless-none"
    items.append(words(f"sheet.no-biribaki{unless}", n=rules.no_biribaki_penalty))
    items.append(words("sheet.unplayed-biribaki", n=rules.unplayed_biribaki_penalty))
    if rules.no_biriba_penalty:
        items.append(words("sheet.no-biriba", n=rules.no_biriba_penalty))
    if rules.no_melds_penalty:
        items.append(words("sheet.no-melds", n=rules.no_melds_penalty))
    if rules.score_rounding:
        items.append(words("sheet.rounding", n=rules.score_rounding))
    if rules.formed_partnerships:
        items.append(words("sheet.formed-scores"))
    return items


def _bonuses(rules: Rules, table: BiribaBonuses, words: Words) -> str:
    def part(kind: str, clean: int | None, dirty: int | None = None) -> str:
        if dirty is None:
            return words("sheet.bonus.one", kind=words(f"sheet.kind.{kind}"), points=clean)
        return words("sheet.bonus.two", kind=words(f"sheet.kind.{kind}"), clean=clean, dirty=dirty)

    parts = [part("run", table.run_clean, table.run_dirty)]
    if rules.bonus_suit:
        parts.append(part("bonus-suit-run", table.bonus_suit_run_clean, table.bonus_suit_run_dirty))
    parts.append(part("full-run", table.full_run_clean, table.full_run_dirty))
    if rules.bonus_suit:
        parts.append(part("bonus-suit-full-run", table.bonus_suit_full_run_clean, table.bonus_suit_full_run_dirty))
    if rules.ace_to_ace and table.ace_to_ace_run_clean is not None:
        parts.append(part("ace-to-ace-run", table.ace_to_ace_run_clean, table.ace_to_ace_run_dirty))
    if rules.sets:
        parts.append(part("set", table.set_clean, table.set_dirty))
        if table.ace_set_clean is not None:
            parts.append(part("aces-set", table.ace_set_clean, table.ace_set_dirty))
        if table.full_set is not None:
            parts.append(part("full-set", table.full_set))
    if rules.sets_of_twos and table.twos_set_clean is not None:
        parts.append(part("twos-set", table.twos_set_clean, table.twos_set_dirty))
    if rules.wild_melds:
        parts.append(part("wild-meld", table.wild_meld if table.wild_meld is not None else table.set_dirty))
    return words.clauses(parts)


def _match(rules: Rules, words: Words) -> list[str]:
    side = "team" if rules.partnerships == "fixed" else "player"
    return [words(f"sheet.match.{rules.target_rule}.{side}", n=rules.target)]


def preset_names() -> list[str]:
    """The named presets, in the order of the rule book (docs/rules.md)."""
    return list(PRESETS)
