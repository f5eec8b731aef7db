import { describe, expect, it } from "vitest";
import { commandOf, othersLeftToRight, replayCommandOf } from "../src/shell/keys";

describe("the table's keys, as the terminal game has them", () => {
  it("names the commands of the terminal game's keys", () => {
    expect(commandOf({ key: "d" })).toEqual({ kind: "draw" });
    expect(commandOf({ key: "T" })).toEqual({ kind: "take" });
    expect(commandOf({ key: "m" })).toEqual({ kind: "meld" });
    expect(commandOf({ key: "x" })).toEqual({ kind: "discard" });
    expect(commandOf({ key: "h" })).toEqual({ kind: "hint" });
    expect(commandOf({ key: "g" })).toEqual({ kind: "group" });
    expect(commandOf({ key: "ArrowLeft" })).toEqual({ kind: "cursor", step: -1 });
    expect(commandOf({ key: "ArrowRight" })).toEqual({ kind: "cursor", step: 1 });
    expect(commandOf({ key: " " })).toEqual({ kind: "toggle" });
  });

  it("names Bura's commands as its terminal game has them: Enter plays, c claims, p passes", () => {
    expect(commandOf({ key: "Enter" })).toEqual({ kind: "confirm" });
    expect(commandOf({ key: "c" })).toEqual({ kind: "claim" });
    expect(commandOf({ key: "P" })).toEqual({ kind: "pass" });
    expect(commandOf({ key: "Enter", target: { tagName: "TEXTAREA" } })).toBeNull(); // a chat line's Enter
  });

  it("counts melds from 1 on the keys and from 0 in the command", () => {
    expect(commandOf({ key: "1" })).toEqual({ kind: "extend", meld: 0 });
    expect(commandOf({ key: "9" })).toEqual({ kind: "extend", meld: 8 });
    expect(commandOf({ key: "0" })).toBeNull();
  });

  it("leaves keys typed into a field, and shortcuts with modifiers, to the browser", () => {
    expect(commandOf({ key: "d", target: { tagName: "INPUT" } })).toBeNull();
    expect(commandOf({ key: "d", ctrlKey: true })).toBeNull();
    expect(commandOf({ key: "q" })).toBeNull();
  });

  it("steps a replay with the arrows and plays it with space", () => {
    expect(replayCommandOf({ key: "ArrowLeft" })).toEqual({ kind: "replay", step: -1 });
    expect(replayCommandOf({ key: " " })).toEqual({ kind: "replay-play" });
    expect(replayCommandOf({ key: "d" })).toBeNull();
  });
});

describe("the seats across the table", () => {
  it("puts the partner opposite at a table of four, the next player on the right", () => {
    expect(othersLeftToRight(0, 4)).toEqual([3, 2, 1]);
    expect(othersLeftToRight(2, 4)).toEqual([1, 0, 3]);
  });

  it("puts the next player on the left where play goes to the left (Tyzicha), so that turns go round one way", () => {
    expect(othersLeftToRight(0, 3, "left")).toEqual([1, 2]); // the next player at the viewer's left
    expect(othersLeftToRight(1, 3, "left")).toEqual([2, 0]);
    expect(othersLeftToRight(0, 3)).toEqual([2, 1]); // Biriba's play goes to the right
    expect(othersLeftToRight(0, 2, "left")).toEqual([1]);
    for (const players of [2, 3, 4, 5, 6, 8]) {
      for (let seat = 0; seat < players; seat++) {
        expect(othersLeftToRight(seat, players, "left")).toEqual([...othersLeftToRight(seat, players, "right")].reverse());
        expect(othersLeftToRight(seat, players, "left")[0]).toBe((seat + 1) % players);
      }
    }
  });

  it("lists every other seat once, in every format", () => {
    for (const players of [2, 3, 4, 5, 6, 8]) {
      for (let seat = 0; seat < players; seat++) {
        const others = othersLeftToRight(seat, players);
        expect(new Set(others).size).toBe(players - 1);
        expect(others).not.toContain(seat);
        expect(others[others.length - 1]).toBe((seat + 1) % players);
      }
    }
  });
});
