// The client's words in English and Greek.

export type Language = "en" | "el";

const WORDS = {
  en: {
    title: "Biriba", yourName: "Your name", enter: "Enter", lobby: "Lobby", newTable: "New table",
    players: "Players", preset: "Rules", target: "Target", seat: "Seat", you: "you", open: "open seat",
    person: "a person", private: "Private (invitation link)", create: "Create table", openTables: "Open tables",
    noTables: "No open tables yet.", join: "Sit here", watch: "Watch", refresh: "Refresh",
    invite: "Invitation link", draw: "Draw", takePile: "Take the pile", pass: "Pass", meld: "Meld",
    group: "Set aside as a group", discard: "Discard", hint: "Hint", clear: "Clear", sort: "Sort",
    redraw: "Turn up and draw again", noBonus: "No bonus suit", yourTurn: "Your turn", waiting: "Waiting for",
    drawPile: "Draw pile", discardPile: "Discard pile", biribakia: "Biribakia", bonusSuit: "Bonus suit",
    team: "Team", melds: "Melds", hand: "Your hand", cards: "cards", scoreSheet: "Score sheet",
    hand_n: "Hand", total: "Total", handOver: "The hand is over", nextHand: "Deal the next hand",
    matchOver: "The match is over", winner: "Winner", melded: "Melded", inHand: "In hand",
    biribas: "Biribas", goingOut: "Going out", biribakiLine: "Biribaki", other: "Other", score: "Score",
    notAllowed: "Not allowed", watching: "You are watching", connecting: "Connecting…",
    extendHint: "Click one of your team's melds to add the selected cards.", last: "Last move",
    clean: "clean", dirty: "dirty", bot: "bot", disconnected: "offline", language: "Ελληνικά",
    asGuest: "Play as a guest", logIn: "Log in", signUp: "Register", username: "Username", password: "Password",
    logOut: "Log out", registered: "a registered player", history: "My games", noHistory: "No games yet.", replay: "Replay", won: "won", lost: "lost",
    playing: "in play", hands: "hands", step: "Step", record: "Match record (JSON)", timer: "Turn timer",
    noTimer: "none", secondsLeft: "s left",
  },
  el: {
    title: "Μπιρίμπα", yourName: "Το όνομά σας", enter: "Είσοδος", lobby: "Αίθουσα", newTable: "Νέο τραπέζι",
    players: "Παίκτες", preset: "Κανόνες", target: "Στόχος", seat: "Θέση", you: "εσείς", open: "ελεύθερη θέση",
    person: "άνθρωπος", private: "Ιδιωτικό (σύνδεσμος πρόσκλησης)", create: "Δημιουργία", openTables: "Ανοιχτά τραπέζια",
    noTables: "Κανένα ανοιχτό τραπέζι.", join: "Καθίστε εδώ", watch: "Παρακολούθηση", refresh: "Ανανέωση",
    invite: "Σύνδεσμος πρόσκλησης", draw: "Τραβήξτε", takePile: "Πάρτε τα κάτω", pass: "Πάσο", meld: "Κατεβάστε",
    group: "Κρατήστε ως ομάδα", discard: "Πετάξτε", hint: "Βοήθεια", clear: "Καθαρισμός", sort: "Ταξινόμηση",
    redraw: "Ανοίξτε το φύλλο και τραβήξτε ξανά", noBonus: "Χωρίς κόζι", yourTurn: "Σειρά σας", waiting: "Περιμένουμε",
    drawPile: "Τράπουλα", discardPile: "Κάτω φύλλα", biribakia: "Μπιριμπάκια", bonusSuit: "Κόζι",
    team: "Ομάδα", melds: "Κατεβασμένα", hand: "Τα φύλλα σας", cards: "φύλλα", scoreSheet: "Σκορ",
    hand_n: "Γύρος", total: "Σύνολο", handOver: "Ο γύρος τελείωσε", nextHand: "Μοιράστε τον επόμενο γύρο",
    matchOver: "Η παρτίδα τελείωσε", winner: "Νικητής", melded: "Κατεβασμένα", inHand: "Στο χέρι",
    biribas: "Μπιρίμπες", goingOut: "Κλείσιμο", biribakiLine: "Μπιριμπάκι", other: "Άλλα", score: "Σκορ",
    notAllowed: "Δεν επιτρέπεται", watching: "Παρακολουθείτε", connecting: "Σύνδεση…",
    extendHint: "Πατήστε ένα κατεβασμένο της ομάδας σας για να προσθέσετε τα επιλεγμένα φύλλα.", last: "Τελευταία κίνηση",
    clean: "καθαρή", dirty: "βρόμικη", bot: "υπολογιστής", disconnected: "εκτός", language: "English",
    asGuest: "Παίξτε ως επισκέπτης", logIn: "Σύνδεση", signUp: "Εγγραφή", username: "Όνομα χρήστη", password: "Κωδικός",
    logOut: "Αποσύνδεση", registered: "εγγεγραμμένος παίκτης", history: "Οι παρτίδες μου", noHistory: "Καμία παρτίδα ακόμα.", replay: "Επανάληψη",
    won: "νίκη", lost: "ήττα", playing: "σε εξέλιξη", hands: "γύροι", step: "Βήμα", record: "Αρχείο παρτίδας (JSON)",
    timer: "Χρόνος κίνησης", noTimer: "χωρίς", secondsLeft: "δ απομένουν",
  },
} as const;

export type WordKey = keyof typeof WORDS.en;

export function words(language: Language): Record<WordKey, string> {
  return WORDS[language];
}
