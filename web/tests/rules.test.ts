// @vitest-environment jsdom
import { render } from "@testing-library/svelte";
import { describe, expect, it } from "vitest";
import Rules from "../src/Rules.svelte";

/** The page's text: how to play ``game`` in ``language`` (Biriba's sheet comes from the server; the others' do not). */
function page(game: string, language: "en" | "el"): string {
  const { container } = render(Rules, { language, game });
  return container.textContent ?? "";
}

describe("How to play", () => {
  it("tells how Bura is played, with the Russian names of its combinations", () => {
    const english = page("bura", "en");
    for (const words of ["36 cards", "бура", "молодка", "three aces", "Declaring 31", "cannot ante"]) expect(english).toContain(words);
    const greek = page("bura", "el");
    for (const words of ["36 φύλλα", "бура", "молодка", "τρεις άσοι", "δηλώστε 31", "δεν μπορεί να ποντάρει"]) expect(greek).toContain(words);
  });

  it("tells how Tyzicha is played, with the Russian names of the widow and the marriage", () => {
    const english = page("tyzicha", "en");
    for (const words of ["24 cards", "прикуп", "марьяж", "110", "1,001", "to the left (clockwise)"]) expect(english).toContain(words);
    const greek = page("tyzicha", "el");
    for (const words of ["24 φύλλα", "прикуп", "марьяж", "110", "1.001", "δεξιόστροφα"]) expect(greek).toContain(words);
  });

  it("offers every game, the one asked for chosen", () => {
    const { container } = render(Rules, { language: "en", game: "tyzicha" });
    const choice = container.querySelector<HTMLSelectElement>("#rules-game");
    expect([...(choice?.options ?? [])].map((option) => option.value)).toEqual(["biriba", "bura", "tyzicha"]);
    expect(choice?.value).toBe("tyzicha");
    expect(container.querySelector("#rules-preset")).toBeNull(); // Biriba's presets are Biriba's
  });
});
