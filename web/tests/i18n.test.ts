import { describe, expect, it } from "vitest";
import { words } from "../src/i18n";

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
const english = words("en");
const greek = words("el");

describe("words", () => {
  it("has every key in both languages", () => {
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
});
