// @vitest-environment jsdom
import { fireEvent, render } from "@testing-library/svelte";
import { describe, expect, it, vi } from "vitest";
import Card from "../src/Card.svelte";
import InLanguage from "./harness/InLanguage.svelte";

/** The rendered card element. */
function card(props: { code: string; wild?: boolean; onclick?: () => void }): HTMLElement {
  const { container } = render(Card, props);
  const element = container.querySelector<HTMLElement>(".card");
  if (!element) throw new Error(`no .card rendered for ${props.code}`);
  return element;
}

describe("Card", () => {
  it("shows a Joker as a star, not red, marked wild where it stands in", () => {
    const joker = card({ code: "JK", wild: true });
    expect(joker.querySelector(".rank")?.textContent).toBe("★");
    expect(joker.querySelector(".suit")?.textContent).toBe("JK");
    expect(joker.classList.contains("joker")).toBe(true);
    expect(joker.classList.contains("red")).toBe(false);
    expect(joker.classList.contains("wild")).toBe(true);
    expect(joker.querySelector(".wild-mark")).not.toBeNull(); // its letter comes from the page's language (style.css)
    expect(joker.title).toBe("Joker");
    expect(joker.dataset.code).toBe("JK");
  });

  it("names a Joker in the page's language, and again when the page changes language", async () => {
    const { container, rerender } = render(InLanguage, { code: "JK", language: "el" });
    const joker = () => container.querySelector<HTMLElement>(".card");
    expect(joker()?.title).toBe("Τζόκερ");
    await rerender({ code: "JK", language: "en" });
    expect(joker()?.title).toBe("Joker");
  });

  it("shows a red suit's card in red with its rank and suit symbol, unmarked when natural", () => {
    const ten = card({ code: "10H" });
    expect(ten.querySelector(".rank")?.textContent).toBe("10");
    expect(ten.querySelector(".suit")?.textContent).toBe("♥");
    expect(ten.classList.contains("red")).toBe(true);
    expect(ten.classList.contains("joker")).toBe(false);
    expect(ten.classList.contains("wild")).toBe(false);
    expect(ten.querySelector(".wild-mark")).toBeNull();
    expect(ten.title).toBe("10♥"); // as players write it, not the card's code
    expect(card({ code: "2D" }).classList.contains("red")).toBe(true);
  });

  it("shows a black suit's card not red", () => {
    const queen = card({ code: "QS" });
    expect(queen.querySelector(".suit")?.textContent).toBe("♠");
    expect(queen.classList.contains("red")).toBe(false);
    expect(card({ code: "3C" }).querySelector(".suit")?.textContent).toBe("♣");
  });

  it("is a button only when it can be clicked, so a click on a plain card reaches its meld", async () => {
    const plain = card({ code: "5C" });
    expect(plain.tagName).toBe("SPAN");
    expect(plain.getAttribute("role")).toBe("img");

    const onclick = vi.fn();
    const button = card({ code: "5C", onclick });
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("type")).toBe("button");
    await fireEvent.click(button);
    expect(onclick).toHaveBeenCalledTimes(1);
  });
});
