// The table's keyboard, as the terminal game has it: a key names a command, the board decides what it
// does. Pure, so that the mapping is tested apart from any page.

export type Command =
  | { kind: "draw" }
  | { kind: "take" }
  | { kind: "meld" }
  | { kind: "group" }
  | { kind: "discard" }
  | { kind: "hint" }
  | { kind: "clear" }
  | { kind: "extend"; meld: number } // a meld of the player's side, counted from 0
  | { kind: "cursor"; step: -1 | 1 }
  | { kind: "toggle" } // the card under the cursor joins or leaves the selection
  | { kind: "confirm" } // play the cards chosen (Bura: lead or answer)
  | { kind: "claim" } // Bura: claim the lead with a special combination
  | { kind: "pass" } // Bura: let the lead or the last call go
  | { kind: "replay"; step: -1 | 1 }
  | { kind: "replay-play" };

/** The command of a key press, or null for a key the table does not use. Keys typed into a field and
 *  keys with Ctrl, Alt or Meta held are the browser's. */
export function commandOf(event: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; target?: unknown }): Command | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const target = event.target as { tagName?: string; isContentEditable?: boolean } | null | undefined;
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName ?? ""))) return null;
  const key = event.key;
  if (/^[1-9]$/.test(key)) return { kind: "extend", meld: Number(key) - 1 };
  switch (key.toLowerCase()) {
    case "d":
      return { kind: "draw" };
    case "t":
      return { kind: "take" };
    case "m":
      return { kind: "meld" };
    case "g":
      return { kind: "group" };
    case "x":
      return { kind: "discard" };
    case "h":
      return { kind: "hint" };
    case "escape":
      return { kind: "clear" };
    case "arrowleft":
      return { kind: "cursor", step: -1 };
    case "arrowright":
      return { kind: "cursor", step: 1 };
    case " ":
      return { kind: "toggle" };
    case "enter":
      return { kind: "confirm" };
    case "c":
      return { kind: "claim" };
    case "p":
      return { kind: "pass" };
    default:
      return null;
  }
}

/** A replay's keys: arrows step back and forth, space plays or pauses. */
export function replayCommandOf(event: { key: string; target?: unknown }): Command | null {
  const target = event.target as { tagName?: string } | null | undefined;
  if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName ?? "") && (target as { type?: string }).type !== "range") return null;
  if (event.key === "ArrowLeft") return { kind: "replay", step: -1 };
  if (event.key === "ArrowRight") return { kind: "replay", step: 1 };
  if (event.key === " ") return { kind: "replay-play" };
  return null;
}

/** The other seats as the viewer sees them across the table, from left to right: the next seat in
 *  turn order on the side play goes to (``nextSeatOn``: Biriba's play goes to the right, anticlockwise;
 *  Tyzicha's to the left, clockwise), the one before on the other side, and the seat opposite (at a
 *  table of four, the partner) in the middle. The viewer sits below them, at the bottom of the table, so
 *  the turns go round the table in one direction. */
export function othersLeftToRight(mySeat: number, players: number, nextSeatOn: "left" | "right" = "right"): number[] {
  const order: number[] = [];
  for (let offset = players - 1; offset >= 1; offset--) order.push((mySeat + offset) % players);
  return nextSeatOn === "right" ? order : order.reverse();
}
