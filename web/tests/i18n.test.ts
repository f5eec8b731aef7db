import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import catalogue from "../../src/biriba/i18n/messages.json";
import { cardText, words, Words } from "../src/i18n";

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
const english = words("en");
const greek = words("el");
const CATALOGUE = catalogue as Record<string, Record<string, unknown>>;

describe("the browser's words come from the one catalogue", () => {
  it("has every key in both languages", () => {
    for (const [key, entry] of Object.entries(CATALOGUE)) {
      expect(Object.keys(entry).sort(), key).toEqual(["el", "en"]);
    }
    expect(Object.keys(greek).sort()).toEqual(Object.keys(english).sort());
  });

  it("has a non-empty word for every key", () => {
    for (const table of [english, greek]) {
      for (const [key, word] of Object.entries(table)) {
        expect(typeof word, key).toBe("string");
        expect(word.trim(), key).not.toBe("");
      }
    }
  });

  // The language switch is the one word written in the other language: it names the language it switches to.
  it("names the other language on the language switch", () => {
    expect(english.language).toBe("Ελληνικά");
    expect(greek.language).toBe("English");
  });

  it("speaks Greek in Greek and English in English (nothing left untranslated)", () => {
    for (const [key, word] of Object.entries(greek)) {
      if (key !== "language") expect(word, key).toMatch(GREEK);
    }
    for (const [key, word] of Object.entries(english)) {
      if (key !== "language") expect(word, key).not.toMatch(GREEK);
    }
  });

  it("knows every key the client's code names", () => {
    const folder = join(__dirname, "..", "src");
    const code = readdirSync(folder)
      .filter((name) => /\.(ts|svelte)$/.test(name))
      .map((name) => readFileSync(join(folder, name), "utf8"))
      .join("\n");
    const short = new Set([...code.matchAll(/\bw\.(\w+)/g)].map((m) => m[1]));
    for (const name of short) expect(CATALOGUE[`web.${name}`], `web.${name}`).toBeDefined();
    const full = new Set([...code.matchAll(/\bsay\("([\w.-]+)"/g)].map((m) => m[1]));
    for (const key of full) expect(CATALOGUE[key], key).toBeDefined();
    expect(short.size).toBeGreaterThan(30);
  });
});

describe("words are rendered as the server and the terminal render them", () => {
  const en = new Words("en");
  const el = new Words("el");

  it("chooses plural forms by language", () => {
    expect(en.say("game.cards", { n: 1 })).toBe("1 card");
    expect(en.say("game.cards", { n: 3 })).toBe("3 cards");
    expect(el.say("game.cards", { n: 1 })).toBe("1 φύλλο");
    expect(el.say("game.cards", { n: 3 })).toBe("3 φύλλα");
  });

  it("writes numbers as the language does", () => {
    expect(en.number(5000)).toBe("5,000");
    expect(el.number(5000)).toBe("5.000");
    expect(el.signed(-135)).toBe("-135");
    expect(en.signed(0)).toBe("+0");
  });

  it("shows cards with suit symbols and counts melds and seats from 1", () => {
    expect(cardText("10H")).toBe("10♥");
    expect(cardText("JK")).toBe("JK");
    expect(en.refusal({ key: "no-such-meld", facts: { meld: 2, melds: 2 } })).toBe("Your team has no meld 3: its melds are 1 to 2.");
    expect(el.refusal({ key: "card-not-in-hand", facts: { cards: ["10S", "QH"] } })).toBe("Δεν τα έχετε στο χέρι: 10♠ Q♥");
    expect(en.refusal({ key: "not-your-turn", facts: { seat: 2, acting: 0 } })).toBe("It is Player 3's turn.");
    expect(en.withNames(["Eleni", "Nikos", "Maria"]).refusal({ key: "not-your-turn", facts: { seat: 2 } })).toBe("It is Maria's turn.");
  });

  it("renders a refusal's cause, a hint, a move and a biriba", () => {
    const refusal = { key: "keep-two-cards", facts: { why: "biriba-for-biribaki" } };
    expect(en.refusal(refusal)).toBe("You must keep at least 2 cards after melding: your team needs a biriba before it may take its biribaki.");
    const hint = { head: { key: "hint.discard", facts: { card: "4D" } }, details: [{ key: "hint.safe", facts: {} }, { key: "hint.keeps", facts: { kept: "9S" } }] };
    expect(en.hint(hint)).toBe("Discard 4♦: no opponent meld takes it; you keep 9♠, which the next opponent could use");
    expect(el.hint(hint)).toContain("Πετάξτε το 4♦: ");
    expect(el.withNames(["Ελένη"]).action({ seat: 0, type: "discard", card: "QC" })).toBe("Ελένη: πέταμα Q♣");
    expect(en.action({ seat: 1, type: "extend", meld: 0, cards: ["9H"] })).toBe("Player 2: add 9♥ to meld 1");
    expect(el.biriba({ kind: "bonus-suit-run", clean: true, laid_whole: false })).toBe("καθαρή κέντα στο κόζι");
    expect(en.bot("greedy")).toBe("Easy");
  });

  it("puts a Bura or Tyzicha hint in words with the table's names, the seat asking named You", () => {
    const names = ["You", "Nikos", "Maria"];
    const bura = {
      action: { seat: 0, type: "lead", cards: ["7H"] },
      head: { key: "bura.hint.lead", facts: { points: 0 } },
      details: [{ key: "bura.hint.searched", facts: { worlds: 16, score: 4, next: { seat: 0, type: "lead", cards: ["6S"] }, other: -2, n: 3 } }],
    };
    expect(en.withNames(names).trickHint("bura", bura)).toBe(
      "You: lead 7♥: lead cheaply (0 points at stake) and keep your trumps; the next best move (You: lead 6♠) won about " +
        "3 fewer of 16 trial deals of the cards you cannot see",
    );
    const level = { ...bura, details: [{ key: "bura.hint.searched-level", facts: { ...bura.details[0].facts, other: 4, n: 0 } }] };
    expect(en.withNames(names).trickHint("bura", level)).toBe(
      "You: lead 7♥: lead cheaply (0 points at stake) and keep your trumps; the next best move (You: lead 6♠) won about " +
        "as many of 16 trial deals of the cards you cannot see",
    );
    const claim = { action: { seat: 0, type: "claim" }, head: { key: "bura.hint.claim", facts: { combination: "molodka" } }, details: [] };
    expect(el.withNames(["Εσείς", "Nikos"]).trickHint("bura", claim)).toBe(
      "Εσείς: διεκδίκηση ανοίγματος: διεκδικήστε το άνοιγμα με μολόντκα (молодка: τρία φύλλα ενός χρώματος)",
    );
    const give = { action: { seat: 0, type: "give", card: "9S", to: 2 }, head: { key: "tyzicha.hint.give", facts: { card: "9S", seat: 2 } }, details: [] };
    expect(en.withNames(names).trickHint("tyzicha", give)).toBe("You: give 9♠ to Maria: the card least worth keeping");
    expect(en.trickHint("tyzicha", give)).not.toContain("Maria"); // without names, seats are numbered
  });

  it("counts tricks and cards with their plural forms", () => {
    expect(en.say("web.trickCount", { n: 1 })).toBe("1 trick");
    expect(en.say("web.trickCount", { n: 2 })).toBe("2 tricks");
    expect(el.say("web.trickCount", { n: 1 })).toBe("1 χαρτωσιά");
    expect(el.say("web.trickCount", { n: 0 })).toBe("0 χαρτωσιές");
    expect(Object.keys(english)).not.toContain("trickCount"); // a word with plural forms is said with its count
  });

  it("falls back to the server's message for what the catalogue does not know", () => {
    expect(en.refusal({ key: "no-such-key", facts: {}, message: "as sent" })).toBe("as sent");
    expect(en.problem("nosuch", "plain message")).toBe("plain message");
  });
});

describe("a table's prompt", () => {
  afterEach(() => vi.unstubAllGlobals());

  const pointer = (coarse: boolean) => vi.stubGlobal("matchMedia", (query: string) => ({ matches: coarse && query === "(pointer: coarse)" }));

  it("names the keys where there are keys, the buttons on a touch screen", () => {
    const el = new Words("el");
    pointer(false);
    expect(el.prompt("bura.prompt.lead")).toContain("Enter για άνοιγμα");
    pointer(true);
    expect(el.prompt("bura.prompt.lead")).toBe("Ανοίγετε εσείς: πατήστε 1 έως 3 φύλλα ενός χρώματος και μετά «Ανοίξτε» (ή δηλώστε 31)");
    expect(new Words("en").prompt("bura.prompt.answer", { n: 2 })).toBe("Answer with 2 cards: tap them, then Answer");
  });

  it("keeps a prompt that names no key on a touch screen too", () => {
    pointer(true);
    expect(new Words("en").prompt("bura.prompt.claim", { combination: "a bura" })).toBe("You hold a bura: claim the lead with it, or pass");
    expect(new Words("en").prompt("game.hands", { n: 1 })).toBe("1 hand"); // no touch words: its own
  });
});
