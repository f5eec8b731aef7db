// How a table names its seats, the same in the shell and in every game's board.
import { words, Words, type Language } from "../i18n";

/** Each seat's name: the player's, else a bot's level and its seat counted from 1 as the lobby counts
 * them ("Easy 2"), else "Open 3". */
export function seatNames(seats: readonly { name: string | null; bot: string | null }[], language: Language): string[] {
  const lobby = new Words(language);
  const w = words(language);
  return seats.map(
    (info, s) => info.name ?? (info.bot ? `${lobby.bot(info.bot)} ${s + 1}` : `${w.open} ${s + 1}`),
  );
}

/** The seats as a hint to ``seat`` names them: "You" for the seat asking, as the terminal's hints say it,
 *  the others as the table names them. */
export function namesForHint(seats: readonly { name: string | null; bot: string | null }[], seat: number | null, language: Language): string[] {
  const you = words(language).youSeat;
  return seatNames(seats, language).map((name, s) => (s === seat ? you : name));
}
