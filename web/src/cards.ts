// Card codes of the protocol: rank then suit ("10H", "QS", "2C"), and "JK" for a Joker.

export const SUIT_SYMBOL: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = "SHDC";

export function rank(code: string): string {
  return code === "JK" ? "JK" : code.slice(0, -1);
}

export function suit(code: string): string {
  return code === "JK" ? "" : code.slice(-1);
}

export function isRed(code: string): boolean {
  return suit(code) === "H" || suit(code) === "D";
}

/** Sort key: by suit then rank, Jokers last. */
export function sortKey(code: string, bySuit: boolean): number {
  if (code === "JK") return 1000;
  const r = RANK_ORDER.indexOf(rank(code));
  const s = SUIT_ORDER.indexOf(suit(code));
  return bySuit ? s * 20 + r : r * 4 + s;
}

/** Which cards of a meld stand in for another card. A clean meld has none (that includes a meld of wild
 *  cards only, where no card stands in for another). A dirty meld has exactly one: its Joker if it holds
 *  one (the Twos of a set of Twos are then natural), else the Two that is not in its natural place (in a
 *  run of its own suit, next to an Ace or a Three). */
export function wildFlags(meld: { cards: string[]; kind: string; clean: boolean }): boolean[] {
  const hasJoker = meld.cards.includes("JK");
  return meld.cards.map((code, index) => {
    if (meld.clean) return false;
    if (code === "JK") return true;
    if (rank(code) !== "2" || hasJoker) return false;
    if (meld.kind !== "run") return true;
    const natural = meld.cards.filter((c) => c !== "JK" && rank(c) !== "2").map(suit);
    const runSuit = natural[0];
    const before = meld.cards[index - 1];
    const after = meld.cards[index + 1];
    const placed = (before !== undefined && rank(before) === "A") || (after !== undefined && rank(after) === "3");
    return !(suit(code) === runSuit && placed);
  });
}
