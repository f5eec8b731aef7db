// The client's words: the project's one catalogue (src/biriba/i18n/messages.json), the same file the
// server, the terminal game and the command line render, put in words here by the same rules
// (biriba.i18n): facts by name, plurals by CLDR category (Intl.PluralRules), numbers as the language
// writes them (Intl.NumberFormat). The server sends refusals, hints, moves and score lines as data.

import { getContext, setContext } from "svelte";
import catalogue from "../../src/biriba/i18n/messages.json";
import { SUIT_SYMBOL } from "./cards";
import type { ActionJson } from "./wire";

export type Language = "en" | "el";
export const LANGUAGES: Language[] = ["en", "el"];

type Entry = string | Record<string, string>;
const CATALOGUE = catalogue as Record<string, Record<Language, Entry>>;

/** A reason sent by the server: a catalogue key and its facts (cards as codes). */
export interface Reason {
  key: string;
  facts: Record<string, unknown>;
}

/** A move of Bura or Tyzicha as the protocol sends it (a hint's next best move is one). */
type TrickMove = { seat: number; type: string; cards?: string[]; value?: number; card?: string; to?: number; marriage?: boolean };

const COUNTED_FROM_ZERO = new Set(["meld", "team", "hand"]);
const SEATS = new Set(["seat", "acting", "to"]);
const CARD = new Set(["card", "kept", "top"]);
const IDENTIFIERS = new Set(["seed", "index"]);
const SUIT_INDEX = "SHDC";

/** A card code as people read it: "10H" -> "10♥", "JK" stays. */
export function cardText(code: string): string {
  return code === "JK" ? "JK" : code.slice(0, -1) + (SUIT_SYMBOL[code.slice(-1)] ?? code.slice(-1));
}

/** Whether the page is on a touch screen: its main pointer is a finger (CSS's `pointer: coarse`). */
export function onTouchScreen(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

export class Words {
  readonly language: Language;
  private readonly names: string[] | null;
  private readonly plural: Intl.PluralRules;
  private readonly numbers: Intl.NumberFormat;

  constructor(language: Language, names: string[] | null = null) {
    this.language = language;
    this.names = names;
    this.plural = new Intl.PluralRules(language);
    this.numbers = new Intl.NumberFormat(language);
  }

  /** The same language, with players' names for seats. */
  withNames(names: string[]): Words {
    return new Words(this.language, names);
  }

  has(key: string): boolean {
    return key in CATALOGUE;
  }

  /** A table's prompt: the terminal's words, which name the keys, or on a touch screen (a phone, where
   *  there are no keys) its ``web.touch.`` words, which name the buttons. */
  prompt(key: string, facts: Record<string, unknown> = {}): string {
    const touch = `web.touch.${key}`;
    return onTouchScreen() && this.has(touch) ? this.say(touch, facts) : this.say(key, facts);
  }

  /** A rules preset as this language names it (its own name where the catalogue has none). */
  preset(name: string): string {
    return this.has(`web.presetName.${name}`) ? this.say(`web.presetName.${name}`) : name;
  }

  /** The text of ``key`` with its facts in place. */
  say(key: string, facts: Record<string, unknown> = {}): string {
    const entry = CATALOGUE[key]?.[this.language];
    if (entry === undefined) throw new Error(`no text for ${key}`);
    let text: string;
    if (typeof entry === "string") {
      text = entry;
    } else {
      const count = Math.abs(Number(facts.n ?? 0));
      text = entry[this.plural.select(count)] ?? entry.other;
    }
    return text.replace(/\{(\w+)\}/g, (_, name: string) => this.fact(name, facts));
  }

  private fact(name: string, facts: Record<string, unknown>): string {
    const value = facts[name];
    if (name === "why") return this.say(`why.${value}`, facts);
    if (name === "cards" && Array.isArray(value)) return this.cards(value as string[]);
    if (CARD.has(name) && typeof value === "string") return cardText(value);
    if (name === "suit") return typeof value === "number" ? (SUIT_SYMBOL[SUIT_INDEX[value]] ?? "") : (SUIT_SYMBOL[String(value)] ?? String(value));
    if (name === "rank" && typeof value === "number") return this.say(`rank.${value}`);
    if (SEATS.has(name) && typeof value === "number") return this.seat(value);
    if (typeof value !== "number" || IDENTIFIERS.has(name)) return String(value);
    return this.number(COUNTED_FROM_ZERO.has(name) ? value + 1 : value);
  }

  number(value: number): string {
    return this.numbers.format(value);
  }

  signed(value: number): string {
    return (value >= 0 ? "+" : "") + this.number(value);
  }

  cards(codes: string[]): string {
    return codes.map(cardText).join(" ");
  }

  seat(seat: number): string {
    return this.names?.[seat] ?? this.say("game.player", { n: seat + 1 });
  }

  /** A reason whose key is a full catalogue key (a hint's, a meld shape's). */
  reason(reason: Reason): string {
    return this.say(reason.key, reason.facts);
  }

  /** Why the rules refused an action: the server's error message, put in words. */
  refusal(error: { key?: string; facts?: Record<string, unknown>; message?: string }): string {
    if (error.key && this.has(`refusal.${error.key}`)) return this.say(`refusal.${error.key}`, error.facts ?? {});
    return error.message ?? "";
  }

  ruleName(rule: string): string {
    return this.has(`rule.${rule}`) ? this.say(`rule.${rule}`) : rule;
  }

  /** An error that is not a refusal of the rules (stale, busy, a name refused...), by its code or key;
   *  where the catalogue has no text for it, the server's English message. */
  problem(code: string, message: string): string {
    return this.has(`web.error.${code}`) ? this.say(`web.error.${code}`) : message;
  }

  /** A Bura or Tyzicha hint in words, as the terminal says it: the move (its seat named as this table
   *  names it), why, and, when the move was searched, how it fared against the next best (the hint's
   *  details: ``GAME.hint.searched``, the next best move as an action and by how much less it came to). */
  trickHint(game: "bura" | "tyzicha", hint: { action: object; head: Reason; details: Reason[] }): string {
    const move = (action: unknown) => (game === "bura" ? this.buraAction(action as TrickMove) : this.tyzichaAction(action as TrickMove));
    const facts = { ...hint.head.facts };
    if (game === "bura" && typeof facts.combination === "string") facts.combination = this.say(`bura.combination.${facts.combination}`);
    const clauses = [this.say(`${game}.hint.move`, { move: move(hint.action), reason: this.say(hint.head.key, facts) })];
    for (const detail of hint.details) {
      const searched = detail.facts;
      clauses.push(this.say(detail.key, { n: searched.n, next: move(searched.next), worlds: searched.worlds }));
    }
    return clauses.join(this.say("sep.clauses"));
  }

  hint(hint: { head: Reason; details: Reason[] }): string {
    const head = this.reason(hint.head);
    if (!hint.details.length) return head;
    return this.say("hint.joined", { head, details: hint.details.map((d) => this.reason(d)).join(this.say("sep.clauses")) });
  }

  /** A move of the protocol ({"seat": 1, "type": "discard", "card": "4C"}) in words, who made it first. */
  action(action: ActionJson): string {
    const seat = action.seat;
    switch (action.type) {
      case "draw":
        return this.say("move.draw", { seat });
      case "take_pile":
        return this.say("move.take-pile", { seat });
      case "pass":
        return this.say("move.pass", { seat });
      case "redraw":
        return this.say("move.redraw", { seat });
      case "choose_bonus_suit":
        return action.suit === null ? this.say("move.choose-none", { seat }) : this.say("move.choose", { seat, suit: action.suit });
      case "discard":
        return this.say("move.discard", { seat, card: action.card });
      case "meld":
        return this.say("move.meld", { seat, melds: (action.melds ?? []).map((m) => this.cards(m)).join(" | ") });
      case "extend":
        return this.say("move.extend", { seat, cards: action.cards, meld: action.meld });
      default:
        return String(action.type);
    }
  }

  /** A move of Bura ({"seat": 1, "type": "lead", "cards": ["AS"]}) in words, who made it first. */
  buraAction(action: { seat: number; type: string; cards?: string[] }): string {
    return this.say(`bura.move.${action.type}`, { seat: action.seat, cards: action.cards ?? [] });
  }

  /** A move of Tyzicha ({"seat": 2, "type": "bid", "value": 110}) in words, who made it first; a card given
   *  face down to another seat (sent without its card) is not named. */
  tyzichaAction(action: { seat: number; type: string; value?: number; card?: string; to?: number; marriage?: boolean }): string {
    if (action.type === "give" && action.card === undefined) return this.say("tyzicha.move.give-hidden", { ...action });
    const kind = action.marriage ? "marriage" : action.type;
    return this.say(`tyzicha.move.${kind}`, { ...action, suit: action.card ? action.card.slice(-1) : undefined });
  }

  /** A scored biriba ({"kind": "run", "clean": true, "laid_whole": false}) in words. */
  biriba(biriba: { kind: string; clean: boolean | null; laid_whole: boolean }): string {
    const quality = biriba.clean === null ? "" : biriba.clean ? ".clean" : ".dirty";
    const text = this.say(`biriba.${biriba.kind}${quality}`);
    return biriba.laid_whole ? this.say("biriba.laid-whole", { biriba: text }) : text;
  }

  /** A bot's level as players know it ("Easy"). */
  bot(level: string): string {
    return this.has(`bot.${level}`) ? this.say(`bot.${level}`) : level;
  }
}

type Catalogue = typeof catalogue;

/** The short names of the browser's own words (the catalogue's ``web.*`` keys), checked by TypeScript:
 *  ``w.draw`` for ``web.draw``. A word with plural forms ("1 trick", "2 tricks") is not one of them: it is
 *  said with its count, ``t.say("web.trickCount", { n })``. */
export type WordKey = {
  [K in keyof Catalogue]: K extends `web.${infer Name}` ? (Catalogue[K] extends { en: string } ? Name : never) : never;
}[keyof Catalogue];

/** One of the browser's own words in ``language``, by its short name (``word("el", "joker")``). */
export function word(language: Language, name: WordKey): string {
  return CATALOGUE[`web.${name}`][language] as string;
}

const PAGE_LANGUAGE = Symbol("page language");

/** Gives every component below the caller the page's language as it changes (the app calls it once),
 *  so that a component as small as a card speaks it without a prop passed down through every table. */
export function providePageLanguage(current: () => Language): void {
  setContext(PAGE_LANGUAGE, current);
}

/** The page's language, read where it is needed (English where no app provides it: a lone component). */
export function pageLanguage(): () => Language {
  return getContext<(() => Language) | undefined>(PAGE_LANGUAGE) ?? (() => "en");
}

/** The browser's own words in ``language``, by their short names. */
export function words(language: Language): Record<WordKey, string> {
  const found: Partial<Record<WordKey, string>> = {};
  for (const [key, entry] of Object.entries(CATALOGUE)) {
    if (key.startsWith("web.") && typeof entry[language] === "string") found[key.slice(4) as WordKey] = entry[language];
  }
  return found as Record<WordKey, string>;
}
