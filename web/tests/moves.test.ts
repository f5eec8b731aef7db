import { describe, expect, it } from "vitest";
import { biribaMoveText } from "../src/biriba/moves";
import { Words } from "../src/i18n";

describe("biribaMoveText", () => {
  const t = new Words("en", ["Maria", "Nikos", "Eleni", "Kostas"]);

  it("says what a move did besides itself, by name", () => {
    const move = { seat: 2, type: "discard" as const, card: "7H", news: [{ key: "news.biribaki-taken-later", facts: { seat: 2 } }] };
    expect(biribaMoveText(t, move)).toBe("Eleni: discard 7♥ · Eleni: biribaki taken, played from the next turn");
  });

  it("says a move alone where it did nothing more", () => {
    expect(biribaMoveText(t, { seat: 0, type: "draw" })).toBe("Maria: draw");
    expect(biribaMoveText(new Words("el", ["Μαρία"]), { seat: 0, type: "draw", news: [{ key: "news.went-out", facts: { seat: 0 } }] })).toBe(
      "Μαρία: τράβηγμα · Μαρία: κλείσιμο· ο γύρος τελείωσε",
    );
  });
});
