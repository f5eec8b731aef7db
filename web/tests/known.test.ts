// @vitest-environment jsdom
import { render } from "@testing-library/svelte";
import { describe, expect, it } from "vitest";
import KnownCards from "../src/biriba/KnownCards.svelte";

describe("KnownCards", () => {
  it("shows six known cards as cards and counts the rest, naming them all in its tooltip", () => {
    const codes = ["AS", "7S", "JS", "7H", "3D", "AC", "4C", "6C", "JC"];
    const { container } = render(KnownCards, { codes, title: "A♠ 7♠ J♠ 7♥ 3♦ A♣ 4♣ 6♣ J♣" });
    const known = container.querySelector<HTMLElement>("[data-testid=known]");
    expect(known?.querySelectorAll(".card").length).toBe(6);
    expect(known?.querySelector(".more")?.textContent).toBe("+3");
    expect(known?.title).toBe("A♠ 7♠ J♠ 7♥ 3♦ A♣ 4♣ 6♣ J♣");
  });

  it("shows as few as there are, with nothing counted", () => {
    const { container } = render(KnownCards, { codes: ["QH", "QD"], title: "Q♥ Q♦" });
    expect(container.querySelectorAll(".card").length).toBe(2);
    expect(container.querySelector(".more")).toBeNull();
  });
});
