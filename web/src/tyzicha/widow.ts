// The widow (прикуп) of Tyzicha on the felt. Shown when the auction ends, it goes at once into the
// declarer's hand: the cards stay on view as what everyone saw, marked as taken, not lying there.

import type { TyzichaViewJson } from "../wire";

/** The seat that took the widow shown on the felt, or null while it lies there face down. */
export function widowTakenBy(view: Pick<TyzichaViewJson, "phase" | "declarer" | "widow">): number | null {
  const auction = view.phase === "bid" || view.phase === "forced";
  return !auction && view.widow.length > 0 ? view.declarer : null;
}
