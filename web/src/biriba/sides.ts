// The sides of a Biriba table as people name them. The view's `teams` gives each seat its side's number
// (-1 while partnerships are still to form) and `melds` one list per side: a side of two or more players
// is a team, named by its number; a side of one player (three or two players each alone, or the player
// left out when partnerships form) is that player, named as the seat is.

/** The seat that is side `side` alone, or null where the side is a team (or has no player yet). */
export function soleSeat(teams: number[], side: number): number | null {
  const seats = teams.flatMap((team, seat) => (team === side ? [seat] : []));
  return seats.length === 1 ? seats[0] : null;
}
