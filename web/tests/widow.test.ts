import { describe, expect, it } from "vitest";
import { widowTakenBy } from "../src/tyzicha/widow";

describe("widowTakenBy", () => {
  it("names the declarer once the widow shown is in their hand", () => {
    expect(widowTakenBy({ phase: "give", declarer: 2, widow: ["9C", "AH", "JC"] })).toBe(2);
    expect(widowTakenBy({ phase: "play", declarer: 0, widow: ["9C", "AH", "JC"] })).toBe(0);
    expect(widowTakenBy({ phase: "over", declarer: 1, widow: ["9C", "AH", "JC"] })).toBe(1);
  });

  it("names no one while the widow lies face down, or was never shown to this seat", () => {
    expect(widowTakenBy({ phase: "bid", declarer: null, widow: [] })).toBeNull();
    expect(widowTakenBy({ phase: "play", declarer: 1, widow: [] })).toBeNull(); // the forced 100
  });
});
