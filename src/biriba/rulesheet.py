"""A readable rule sheet of what a :class:`Rules` object plays, the way a table would agree it.

The sheet is written from the options themselves, so it stays true for any preset with overrides:
``biriba rules show PRESET`` prints it, and the clients show it.

>>> sheet = rule_sheet(Rules.from_preset("standard"))
>>> sheet.splitlines()[0]
'Biriba (Μπιρίμπα): standard rules, 4 players in two fixed partnerships, partners sitting opposite'
>>> "strictly more than 5000" in sheet
True
"""

from __future__ import annotations

from biriba.core.rules import PRESETS, BiribaBonuses, Rules

PRESET_SUMMARIES: dict[str, str] = {
    "standard": "the usual Greek game: runs and sets, the bonus suit, biribakia taken with a biriba, to 5000",
    "kouridakis": "Alexandros Kouridakis' recommended game: no sets, take the pile only to meld from it, "
    "full runs in the bonus suit 1000 / 500",
    "classic": "the older encyclopedia rules: atout runs 600 / 300, a minimum first meld by score, "
    "the closing condition, to 3000",
    "venezuelan": "the Venezuelan version: melds of wild cards, biribas laid at once score more, "
    "the whole hand laid at once to start, to 2500",
    "buraco-aberto": "Brazilian open Buraco: runs only, Ace to Ace, no upcard, mortos refill the draw pile, "
    "a clean canastra to go out, to 3000",
    "buraco-fechado": "Brazilian closed Buraco: sets too (of Twos as well), a closed discard pile taken only "
    "to meld its top card, to 3000",
}
"""One line per named preset (RULINGS section 8)."""

_PARTNERSHIPS = {
    "fixed": "in {teams} fixed partnerships, partners sitting opposite",
    "none": "each playing alone",
    "formed": "who form partnerships during each hand",
}


def rule_sheet(rules: Rules) -> str:
    """The rules as a text a group could read out before play."""
    partnership = _PARTNERSHIPS[rules.partnerships].format(teams=_number_word(rules.teams))
    lines = [f"Biriba (Μπιρίμπα): {rules.preset} rules, {rules.players} players {partnership}", ""]
    lines += _section("The pack and the deal", _deal(rules))
    lines += _section("Melds", _melds(rules))
    lines += _section("A turn", _turn(rules))
    lines += _section("The biribakia and going out", _biribakia(rules))
    lines += _section("Scoring a hand", _scoring(rules))
    lines += _section("The match", _match(rules))
    return "\n".join(lines).rstrip() + "\n"


def _section(title: str, items: list[str]) -> list[str]:
    return [title, *(f"  - {item}" for item in items), ""]


def _number_word(n: int) -> str:
    return {2: "two", 3: "three"}.get(n, str(n))


def _deal(rules: Rules) -> list[str]:
    cards = rules.decks * 52 + rules.jokers
    packets = " + ".join(str(size) for size in rules.packet_sizes)
    items = [
        f"{rules.decks} decks and {rules.jokers} Jokers: {cards} cards.",
        f"Each player is dealt {rules.hand_size} cards; then the biribakia (μπιριμπάκια) are set aside: {packets} "
        "cards, taken in that order.",
    ]
    if rules.dealer_takes_bottom_wilds:
        items.append(
            "Before the deal the dealer looks at the bottom three cards and keeps the Jokers and Twos among them "
            "as part of the hand, again until none is there."
        )
    if rules.upcard:
        if rules.bonus_suit:
            items.append("A card is turned up to start the discard pile: its suit is the bonus suit (κόζι).")
            items.append(
                {
                    "no-bonus-suit": "If that card is a Joker, there is no bonus suit this hand.",
                    "first-player-chooses": "If that card is a Joker, the first player chooses the bonus suit, "
                    "or none.",
                    "first-player-takes": "If that card is a Joker, the first player takes it and the next card "
                    "is turned up instead.",
                }[rules.joker_upcard]
            )
        else:
            items.append("A card is turned up to start the discard pile; there is no bonus suit.")
    else:
        items.append(
            "No card is turned up and there is no bonus suit. In the first turn the first player may turn up "
            "the first card drawn, starting the discard pile, and draw another."
        )
    seats = {0: "The dealer plays first", 1: "The player after the dealer plays first"}.get(
        rules.first_player % rules.players, f"The player {rules.first_player} seats after the dealer plays first"
    )
    items.append(f"{seats}; the deal passes to the next player each hand.")
    cutter = "The dealer" if rules.cutter == "dealer" else "The first player"
    if rules.scores_cut:
        points = [f"cutting exactly the cards to deal scores {rules.exact_cut_bonus} for their side"]
        if rules.near_cut_bonus:
            points.append(f"one card off, {rules.near_cut_bonus}")
        if rules.short_cut_penalty:
            points.append(f"leaving too few cards to deal costs {rules.short_cut_penalty}")
        items.append(f"{cutter} cuts the cards to deal: " + "; ".join(points) + ".")
    if rules.cutter_takes_bottom_wild:
        who = "dealer" if rules.cutter == "dealer" else "first player"
        items.append(
            f"The card at the bottom of the cut, if a Joker or a Two, goes to the {who} as one of their cards."
        )
    return items


def _melds(rules: Rules) -> list[str]:
    longest = "14 cards, from Ace to Ace" if rules.ace_to_ace else "13 cards"
    ace = "an Ace at each end (A 2 ... K A)" if rules.ace_to_ace else "Ace low or high, never both"
    items = [f"Runs: 3 or more cards of one suit in sequence; {ace}; at most {longest}."]
    if rules.sets == "aces":
        items.append("Sets of Aces only: 3 or more Aces; no other rank forms a set.")
    elif rules.sets:
        items.append("Sets: 3 or more cards of one rank (Twos excepted).")
    else:
        items.append("No sets: only runs are melds.")
    items.append(
        "Jokers and Twos are wild; a meld holds one wild card at most. A Two of the run's suit in its own place "
        "is natural. Wild cards move within a run as it grows, but one wild card may not replace another."
    )
    if rules.sets_of_twos:
        items.append("Twos may form a set of their own, with at most one Joker.")
    if rules.wild_melds:
        items.append(
            "Jokers and Twos may form a meld of wild cards only; until it has 7 cards, the team's wild cards go "
            "to it and to no other meld."
        )
    items.append("A meld of 7 cards or more is a biriba (μπιρίμπα): clean without a wild card, dirty with one.")
    return items


def _turn(rules: Rules) -> list[str]:
    items = ["Draw the top card of the draw pile, or take the whole discard pile."]
    if rules.closed_discard_pile:
        items.append("The discard pile is closed: only its top card is seen.")
    if rules.take_pile_requires_meld:
        items.append("The discard pile may be taken only to meld one of its cards at once.")
    if rules.take_pile_requires_top_card:
        items.append(
            "The discard pile may be taken only to meld its top card at once; a wild top card must go into a new meld."
        )
    items.append(
        "Then meld and add to your team's melds as you like, and end by discarding. A one-card pile taken may "
        "not be discarded again in the same turn."
    )
    items.append(
        "Keep two cards after melding, unless your team has what it needs to take its biribaki or to go out: "
        "then one card (to discard), or none (the biribaki is taken at once)."
    )
    if rules.initial_meld is not None:
        schedule = "; ".join(f"from {start}: {minimum or 'nothing'}" for start, minimum in rules.initial_meld)
        items.append(f"A team's first meld of a hand must be worth at least, by its score, {schedule}.")
    if rules.whole_hand_opening:
        items.append(
            "A team melds nothing until one of its players lays the whole hand at once (but a card to discard)."
        )
    if rules.formed_partnerships:
        lone = "the two others are partners" if rules.players == 3 else "the others pair up, alternate seats"
        items.append(
            "Nobody melds until a player lays the whole hand at once (but a card to discard) and takes the first "
            f"biribaki of {rules.packet_sizes[0]}, which needs no biriba: that player plays alone, {lone}."
        )
    if not rules.partner_wild_discard:
        items.append("A partner who plays just before the other partner may not discard a Joker or a Two.")
    if rules.end_of_draw_pile == "passes":
        items.append(
            "With the draw pile empty, take the discard pile or pass; when every player passes in turn, the hand ends."
        )
    elif rules.end_of_draw_pile == "last-draw":
        items.append("The hand ends with the turn of the player who draws the last card of the draw pile.")
    else:
        items.append(
            "When the draw pile runs out, a biribaki not yet taken becomes the draw pile; with none left the hand "
            "ends with the turn that drew the last card."
        )
    return items


def _biribakia(rules: Rules) -> list[str]:
    need = "having melded a biriba" if rules.biriba_for_biribaki else "with or without a biriba"
    biriba = "a clean biriba" if rules.going_out_needs_clean_biriba else "a biriba"
    how = "by discarding the last card or by melding it" if rules.going_out_by_meld else "by discarding the last card"
    items = [
        f"The first player of a team to empty the hand, {need}, takes the team's biribaki: at once when the last "
        "card is melded (and plays on), or with the last discard (played from the next turn).",
        f"A team that has taken its biribaki and has {biriba} goes out {how}; the hand ends.",
    ]
    if not rules.going_out_after_one_card_pile:
        items.append("A player left with one card who takes a one-card discard pile may not go out in that turn.")
    return items


def _scoring(rules: Rules) -> list[str]:
    items = [
        f"Card values: Joker {rules.joker_value}, Ace {rules.ace_value}, Two {rules.two_value}, "
        f"King to Eight {rules.high_value}, Seven to Three {rules.low_value}. Melded cards count for the team, "
        "cards left in hand against it.",
        "Biribas, clean / dirty: " + _bonuses(rules, rules.bonuses) + ".",
    ]
    if rules.laid_whole_bonuses is not None:
        items.append("Biribas laid at once, clean / dirty: " + _bonuses(rules, rules.laid_whole_bonuses) + ".")
    items.append(f"Going out: {rules.going_out_bonus}.")
    penalty = f"A team that did not take its biribaki: -{rules.no_biribaki_penalty}"
    if not rules.no_biribaki_penalty_when_none_taken:
        penalty += " (unless no team took one)"
    items.append(penalty + ".")
    items.append(
        f"A biribaki taken with the last discard and never played: -{rules.unplayed_biribaki_penalty}, and its "
        "cards do not count."
    )
    if rules.no_biriba_penalty:
        items.append(f"A team without a biriba: -{rules.no_biriba_penalty}.")
    if rules.no_melds_penalty:
        items.append(f"A team that melded nothing: -{rules.no_melds_penalty}, in place of the penalties above.")
    if rules.score_rounding:
        items.append(f"Each hand's score is rounded up to a multiple of {rules.score_rounding}.")
    if rules.formed_partnerships:
        items.append("The lone player scores the team's score; each partner scores half of theirs.")
    return items


def _bonuses(rules: Rules, table: BiribaBonuses) -> str:
    parts = [f"run {table.run_clean} / {table.run_dirty}"]
    if rules.bonus_suit:
        parts.append(f"run in the bonus suit {table.bonus_suit_run_clean} / {table.bonus_suit_run_dirty}")
    parts.append(f"run of 13 {table.full_run_clean} / {table.full_run_dirty}")
    if rules.bonus_suit:
        parts.append(
            f"run of 13 in the bonus suit {table.bonus_suit_full_run_clean} / {table.bonus_suit_full_run_dirty}"
        )
    if rules.ace_to_ace and table.ace_to_ace_run_clean is not None:
        parts.append(f"run from Ace to Ace {table.ace_to_ace_run_clean} / {table.ace_to_ace_run_dirty}")
    if rules.sets:
        parts.append(f"set {table.set_clean} / {table.set_dirty}")
        if table.ace_set_clean is not None:
            parts.append(f"set of Aces {table.ace_set_clean} / {table.ace_set_dirty}")
        if table.full_set is not None:
            parts.append(f"every card of a rank {table.full_set}")
    if rules.sets_of_twos and table.twos_set_clean is not None:
        parts.append(f"set of Twos {table.twos_set_clean} / {table.twos_set_dirty}")
    if rules.wild_melds:
        wild = table.wild_meld if table.wild_meld is not None else table.set_dirty
        parts.append(f"meld of wild cards {wild}")
    return "; ".join(parts)


def _match(rules: Rules) -> list[str]:
    reach = "strictly more than" if rules.target_rule == "exceed" else "at least"
    side = "a team" if rules.partnerships == "fixed" else "a player"
    return [
        f"Hands are played until {side} has {reach} {rules.target}; the higher total wins, and a tie at the top "
        "plays another hand."
    ]


def preset_names() -> list[str]:
    """The named presets, in the order RULINGS section 8 lists them."""
    return list(PRESETS)
