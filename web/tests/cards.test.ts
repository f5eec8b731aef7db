import { describe, expect, it } from "vitest";
import { isRed, rank, suit, sortKey, SUIT_SYMBOL, wildFlags } from "../src/cards";

describe("card codes", () => {
  it("split into rank and suit, the Ten's rank being two characters", () => {
    expect([rank("10H"), suit("10H")]).toEqual(["10", "H"]);
    expect([rank("QS"), suit("QS")]).toEqual(["Q", "S"]);
    expect([rank("2C"), suit("2C")]).toEqual(["2", "C"]);
    expect([rank("AD"), suit("AD")]).toEqual(["A", "D"]);
  });

  it("give the Joker its own rank and no suit", () => {
    expect(rank("JK")).toBe("JK");
    expect(suit("JK")).toBe("");
  });

  it("are red for Hearts and Diamonds only, and the Joker is not red", () => {
    expect(["AH", "10H", "2D", "KD"].map(isRed)).toEqual([true, true, true, true]);
    expect(["AS", "10S", "2C", "KC", "JK"].map(isRed)).toEqual([false, false, false, false, false]);
  });

  it("have a symbol for each of the four suits", () => {
    expect(SUIT_SYMBOL).toEqual({ S: "♠", H: "♥", D: "♦", C: "♣" });
  });
});

describe("sortKey", () => {
  const hand = ["JK", "KD", "10C", "2H", "AS", "9C", "JC", "3S", "AH", "10S"];
  const sorted = (bySuit: boolean) => [...hand].sort((a, b) => sortKey(a, bySuit) - sortKey(b, bySuit));

  it("sorts by suit (♠ ♥ ♦ ♣), then rank with the Ace low and the Ten after the Nine, Jokers last", () => {
    expect(sorted(true)).toEqual(["AS", "3S", "10S", "AH", "2H", "KD", "9C", "10C", "JC", "JK"]);
  });

  it("sorts by rank, then suit, Jokers last", () => {
    expect(sorted(false)).toEqual(["AS", "AH", "2H", "3S", "9C", "10S", "10C", "JC", "KD", "JK"]);
  });

  it("keeps every card's key distinct within one ordering", () => {
    const deck = ["S", "H", "D", "C"].flatMap((s) =>
      ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].map((r) => r + s),
    );
    for (const bySuit of [true, false]) {
      expect(new Set(deck.map((code) => sortKey(code, bySuit))).size).toBe(52);
      expect(Math.max(...deck.map((code) => sortKey(code, bySuit)))).toBeLessThan(sortKey("JK", bySuit));
    }
  });
});

describe("wildFlags", () => {
  // Melds as the server sends them (`meld_codes`: runs low to high with the wild card in its place,
  // a set's wild card last), with the card the engine reads as wild marked by `*`.
  const cases: [string, string, boolean, string][] = [
    ["run with a natural Two and a wild Two of another suit", "run", false, "AC 2C 3C 2S* 5C"],
    ["run with a Two of its own suit out of place", "run", false, "3H 4H 2H* 6H 7H"],
    ["run whose Two stands in for the Ace", "run", false, "2C* 2C 3C"],
    ["run with two Twos of its suit, the second out of place", "run", false, "AC 2C 2C* 4C"],
    ["run whose own Two stands in for the Jack", "run", false, "2C* QC KC AC"],
    ["run with a Joker and a natural Two", "run", false, "AC 2C 3C JK*"],
    ["run with a Joker at the low end", "run", false, "JK* QC KC AC"],
    ["clean run starting at the Two", "run", true, "2S 3S 4S"],
    ["Ace-to-Ace run with a wild Two for the King", "run", false, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2D* AC"],
    ["Ace-to-Ace run with its own Two for the high Ace", "run", false, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2C*"],
    ["set with a wild Two", "set", false, "5S 5C 2H*"],
    ["set with a Joker", "set", false, "5S 5C JK*"],
    ["dirty set of Twos: only the Joker is wild", "set", false, "2S 2H 2C JK*"],
    ["clean set of Twos", "set", true, "2S 2H 2C"],
    ["meld of wild cards only: clean, none stands in for another", "wild", true, "2S 2C JK"],
  ];

  it.each(cases)("%s", (_name, kind, clean, text) => {
    const marked = text.split(" ");
    const cards = marked.map((c) => c.replace("*", ""));
    const expected = marked.map((c) => c.endsWith("*"));
    expect(wildFlags({ cards, kind, clean })).toEqual(expected);
  });
});
