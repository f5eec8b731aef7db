import { describe, expect, it } from "vitest";
import { soleSeat } from "../src/biriba/sides";

describe("soleSeat", () => {
  it("names a player who is a side alone", () => {
    expect([0, 1, 2].map((side) => soleSeat([0, 1, 2], side))).toEqual([0, 1, 2]); // three players alone
    expect(soleSeat([1, 1, 0], 0)).toBe(2); // left out of the partnership formed at three players
  });

  it("names no player for a team, nor for a side whose players are not known yet", () => {
    expect(soleSeat([0, 1, 0, 1], 1)).toBeNull();
    expect(soleSeat([1, 1, 0], 1)).toBeNull();
    expect(soleSeat([-1, -1, -1], 0)).toBeNull(); // partnerships still to form
  });
});
