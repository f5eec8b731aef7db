// A Biriba move as the move log says it: the action, then what it did that it does not say itself
// (a biribaki taken, a packet turned into the draw pile, going out: the server's `news`).
import type { Words } from "../i18n";
import type { ActionJson, BiribaMoveJson } from "../wire";

/** "Maria: discard 7♥ · Maria: biribaki taken, played from the next turn". */
export function biribaMoveText(t: Words, move: BiribaMoveJson): string {
  const { news, ...action } = move;
  return [t.action(action as ActionJson), ...(news ?? []).map((item) => t.reason(item))].join(" · ");
}
