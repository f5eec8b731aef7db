"""The terminal game's words, in English and Greek: one catalogue, so no screen hides a string.

Greek text uses the game's own words: Μπιρίμπα, μπιριμπάκι (the packet a team takes when a player
runs out of cards), κόζι (the bonus suit), κέντα (a run). The engine's own rule messages
(:class:`~biriba.core.errors.IllegalAction`) are English; the terminal shows them with their stable
rule name in either language.

>>> Messages("el")("bonus_suit", suit="♥")
'κόζι ♥'
>>> Messages("en")("hand_number", n=2)
'Hand 2'
>>> Messages("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr' (known: en, el)
"""

from __future__ import annotations

LANGUAGES = ("en", "el")

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "title": "Biriba",
        "hand_number": "Hand {n}",
        "bonus_suit": "bonus suit {suit}",
        "no_bonus_suit": "no bonus suit",
        "draw_pile": "draw pile {n}",
        "biribakia": "biribakia {n}",
        "you": "You",
        "seat": "P{n}",
        "your_turn": "your turn",
        "plays_now": "{name} to play",
        "hand_over": "hand over",
        "discard_pile": "Discard pile ({n})",
        "empty": "empty",
        "no_melds": "no melds yet",
        "team_heading": "{who} · biribaki {status}",
        "team_unformed": "Partnerships form when a player melds the whole hand",
        "status_taken": "taken",
        "status_not_taken": "not taken",
        "status_taken_unplayed": "taken, unplayed",
        "clean": "clean",
        "dirty": "dirty",
        "biriba": "biriba",
        "players": "Players",
        "team_short": "T{n}",
        "cards": "{n} cards",
        "score_sheet": "Score sheet",
        "total": "Total",
        "last_moves": "Last moves",
        "your_hand": "Your hand ({order}; s sorts)",
        "hand_of": "Hand of {name} ({order}; s sorts)",
        "by_suit": "by suit",
        "by_rank": "by rank",
        "prompt_draw": "Your turn: draw (d) or take the discard pile (t)",
        "prompt_pass": "The draw pile is empty: pass (p) or take the discard pile (t)",
        "prompt_play": "Select cards (click, or ←→ and space), meld (m), add to meld 1-9, discard (x)",
        "prompt_redraw": "First draw: keep it, or turn it up and draw again (r)",
        "prompt_choose": "A Joker was turned up: choose the bonus suit 1 ♠ 2 ♥ 3 ♦ 4 ♣, or 0 for none",
        "prompt_wait": "{name} is playing…",
        "illegal": "Not allowed ({rule}): {message}",
        "select_first": "Select the cards first: click them, or move with ←→ and press space",
        "select_one": "Select exactly one card to discard",
        "no_turn": "It is not your turn: {name} is playing",
        "hint": "Hint: {action} — {reason}",
        "saved": "Saved the match to {path}",
        "save_failed": "Cannot save to {path}: {error}",
        "sorted": "Hand sorted {order}",
        "keys_play": "d draw  t take pile  m meld  1-9 add  x discard  h hint  w save  q quit",
        "keys_replay": "→ next  ← back  ] next hand  [ previous hand  home/end  v seat  q quit",
        "breakdown_title": "End of hand {n}",
        "line_melded": "melded",
        "line_in_hand": "in hand",
        "line_biribas": "biribas",
        "line_going_out": "going out",
        "line_biribaki": "biribaki",
        "line_no_biriba": "no biriba",
        "line_no_melds": "nothing melded",
        "line_cut": "cut",
        "line_rounding": "rounding",
        "line_hand_total": "hand",
        "line_player_share": "each player",
        "line_match_total": "match total",
        "went_out": "{name} went out",
        "nobody_out": "Nobody went out",
        "next_hand": "Enter: next hand · w: save · q: quit",
        "match_over": "Match over: {side} win with {points}",
        "match_over_keys": "Enter or q: leave the table",
        "replay_position": "Replay · hand {hand}/{hands} · move {index}/{total}",
        "replay_start": "the deal",
        "replay_hand_over": "hand over: {scores}",
        "draws": "draw",
        "takes_pile": "take the discard pile",
        "passes": "pass",
        "melds": "meld {cards}",
        "extends": "add {cards} to meld {n}",
        "discards": "discard {card}",
        "redraws": "turn the card up, draw again",
        "chooses_suit": "bonus suit {suit}",
        "chooses_none": "no bonus suit",
        "run": "run",
        "set": "set",
        "wild_meld": "wild",
    },
    "el": {
        "title": "Μπιρίμπα",
        "hand_number": "Μοιρασιά {n}",
        "bonus_suit": "κόζι {suit}",
        "no_bonus_suit": "χωρίς κόζι",
        "draw_pile": "τράπουλα {n}",
        "biribakia": "μπιριμπάκια {n}",
        "you": "Εσύ",
        "seat": "Π{n}",
        "your_turn": "παίζεις εσύ",
        "plays_now": "παίζει {name}",
        "hand_over": "τέλος μοιρασιάς",
        "discard_pile": "Στοίβα ({n})",
        "empty": "άδεια",
        "no_melds": "τίποτα κατεβασμένο",
        "team_heading": "{who} · μπιριμπάκι {status}",
        "team_unformed": "Τα ζευγάρια γίνονται όταν κάποιος κατεβάσει όλο το χέρι",
        "status_taken": "πάρθηκε",
        "status_not_taken": "όχι ακόμα",
        "status_taken_unplayed": "πάρθηκε, δεν παίχτηκε",
        "clean": "καθαρή",
        "dirty": "βρόμικη",
        "biriba": "μπιρίμπα",
        "players": "Παίκτες",
        "team_short": "Ο{n}",
        "cards": "{n} φύλλα",
        "score_sheet": "Σκορ",
        "total": "Σύνολο",
        "last_moves": "Τελευταίες κινήσεις",
        "your_hand": "Το χέρι σου ({order}· s αλλάζει)",
        "hand_of": "Το χέρι του {name} ({order}· s αλλάζει)",
        "by_suit": "κατά χρώμα",
        "by_rank": "κατά αξία",
        "prompt_draw": "Παίζεις: τράβηξε (d) ή μάζεψε τη στοίβα (t)",
        "prompt_pass": "Η τράπουλα τελείωσε: πάσο (p) ή μάζεψε τη στοίβα (t)",
        "prompt_play": "Διάλεξε φύλλα (κλικ, ή ←→ και space), κατέβασε (m), πρόσθεσε 1-9, πέτα (x)",
        "prompt_redraw": "Πρώτο τράβηγμα: κράτα το, ή γύρισέ το και τράβηξε άλλο (r)",
        "prompt_choose": "Γύρισε μπαλαντέρ: διάλεξε κόζι 1 ♠ 2 ♥ 3 ♦ 4 ♣, ή 0 για χωρίς κόζι",
        "prompt_wait": "Παίζει ο {name}…",
        "illegal": "Δεν επιτρέπεται ({rule}): {message}",
        "select_first": "Διάλεξε πρώτα φύλλα: κλικ πάνω τους, ή ←→ και space",
        "select_one": "Διάλεξε ακριβώς ένα φύλλο για να πετάξεις",
        "no_turn": "Δεν παίζεις τώρα: παίζει ο {name}",
        "hint": "Συμβουλή: {action} — {reason}",
        "saved": "Ο αγώνας αποθηκεύτηκε στο {path}",
        "save_failed": "Δεν αποθηκεύεται στο {path}: {error}",
        "sorted": "Χέρι {order}",
        "keys_play": "d τράβα  t στοίβα  m κατέβασε  1-9 πρόσθεσε  x πέτα  h βοήθεια  w σώσε  q έξω",
        "keys_replay": "→ επόμενη  ← πίσω  ] επόμενη μοιρασιά  [ προηγούμενη  v θέση  q έξοδος",
        "breakdown_title": "Τέλος μοιρασιάς {n}",
        "line_melded": "κατεβασμένα",
        "line_in_hand": "στο χέρι",
        "line_biribas": "μπιρίμπες",
        "line_going_out": "κλείσιμο",
        "line_biribaki": "μπιριμπάκι",
        "line_no_biriba": "χωρίς μπιρίμπα",
        "line_no_melds": "τίποτα κατεβασμένο",
        "line_cut": "κόψιμο",
        "line_rounding": "στρογγύλευση",
        "line_hand_total": "μοιρασιά",
        "line_player_share": "κάθε παίκτης",
        "line_match_total": "σύνολο αγώνα",
        "went_out": "Έκλεισε ο {name}",
        "nobody_out": "Κανείς δεν έκλεισε",
        "next_hand": "Enter: επόμενη μοιρασιά · w: σώσε · q: έξοδος",
        "match_over": "Τέλος αγώνα: κερδίζουν {side} με {points}",
        "match_over_keys": "Enter ή q: έξοδος",
        "replay_position": "Επανάληψη · μοιρασιά {hand}/{hands} · κίνηση {index}/{total}",
        "replay_start": "το μοίρασμα",
        "replay_hand_over": "τέλος μοιρασιάς: {scores}",
        "draws": "τράβηγμα",
        "takes_pile": "μάζεμα της στοίβας",
        "passes": "πάσο",
        "melds": "κατέβασμα {cards}",
        "extends": "{cards} στη σειρά {n}",
        "discards": "πέταγμα {card}",
        "redraws": "γύρισμα του φύλλου, νέο τράβηγμα",
        "chooses_suit": "κόζι {suit}",
        "chooses_none": "χωρίς κόζι",
        "run": "κέντα",
        "set": "τριάδα",
        "wild_meld": "μπαλαντέρ",
    },
}


_BIRIBA_KINDS_EL = {
    "meld of wild cards": "σειρά από μπαλαντέρ",
    "set of Twos": "τριάδα από δυάρια",
    "set of Aces": "τριάδα από άσους",
    "full set": "πλήρης τριάδα",
    "set": "τριάδα",
    "run from Ace to Ace": "κέντα από άσο σε άσο",
    "full run in the bonus suit": "πλήρης κέντα στο κόζι",
    "full run": "πλήρης κέντα",
    "run in the bonus suit": "κέντα στο κόζι",
    "run": "κέντα",
}
"""The engine's names of the kinds of biriba (``BiribaScore.description``), in Greek."""


class Messages:
    """The words of one language: ``messages(key, **values)`` formats the catalogue entry."""

    def __init__(self, language: str) -> None:
        if language not in CATALOGUE:
            raise ValueError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
        self.language = language
        self._words = CATALOGUE[language]

    def __call__(self, key: str, **values: object) -> str:
        return self._words[key].format(**values)

    def biriba_kind(self, description: str) -> str:
        """The engine's description of a biriba (``clean run in the bonus suit``) in this language.

        >>> Messages("el").biriba_kind("dirty full run laid at once")
        'βρόμικη πλήρης κέντα κατεβασμένη μονομιάς'
        """
        if self.language == "en":
            return description
        words = description
        suffix = ""
        if words.endswith(" laid at once"):
            words, suffix = words.removesuffix(" laid at once"), " κατεβασμένη μονομιάς"
        prefix, _, rest = words.partition(" ")
        if prefix in ("clean", "dirty") and rest in _BIRIBA_KINDS_EL:
            return f"{self('clean' if prefix == 'clean' else 'dirty')} {_BIRIBA_KINDS_EL[rest]}{suffix}"
        return _BIRIBA_KINDS_EL.get(words, words) + suffix
