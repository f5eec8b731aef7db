"""Writing a tournament's results: JSON (everything), CSV (one row per pairing), a PNG of the rating
ladder, and rich tables for the terminal.

matplotlib is imported only to draw the ladder (the optional extra ``biriba[tournament]``), so the
engine and the rest of the command line never need it.
"""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

from rich.table import Table

from biriba.core.errors import InvalidInputError
from biriba.sim.duplicate import HAND_ACTION_LIMIT
from biriba.sim.tournament import TournamentResult

CSV_COLUMNS = (
    "x",
    "y",
    "deals",
    "hands",
    "x_hand_wins",
    "y_hand_wins",
    "hand_ties",
    "mean_diff",
    "std_diff",
    "ci95_low",
    "ci95_high",
    "matches",
    "x_match_wins",
    "y_match_wins",
    "unfinished_matches",
    "capped_deals",  # added after the first columns' order was published: readers by position keep working
)


def write_json(result: TournamentResult, path: Path) -> None:
    path.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")


def write_csv(result: TournamentResult, path: Path) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        for pairing in result.pairings:
            writer.writerow({key: "" if value is None else value for key, value in pairing.summary().items()})


PLOT_MISSING = "drawing the ladder needs matplotlib: pip install 'biriba[tournament]'"


def can_plot() -> bool:
    """Whether matplotlib (the ``tournament`` extra) is installed to draw the ladder."""
    return importlib.util.find_spec("matplotlib") is not None


def write_ladder_png(result: TournamentResult, path: Path) -> None:
    """The bots' ratings as a ladder, strongest at the top."""
    try:
        import matplotlib
    except ImportError:
        raise InvalidInputError(PLOT_MISSING) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(reversed(result.rating_table()))
    names = [row["bot"] for row in rows]
    ratings = [row["rating"] for row in rows]
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.6 * len(rows)))
    try:
        low = min(ratings) - 150
        axes.barh(names, [rating - low for rating in ratings], left=low, color="#4c72b0")
        for position, rating in enumerate(ratings):
            axes.text(rating + 10, position, f"{rating:.0f}", va="center")
        axes.set_xlim(low, max(ratings) + 150)
        axes.set_xlabel("rating (Elo scale, from hand wins)")
        hands = sum(pairing.hands for pairing in result.pairings)
        axes.set_title(f"Biriba bot ladder: {hands} hands of duplicate deals, {result.config.rules.players} players")
        figure.tight_layout()
        figure.savefig(path, format="png", dpi=100)
    finally:
        plt.close(figure)


def write_results(result: TournamentResult, out: Path) -> list[Path]:
    """Write ``results.json``, ``results.csv`` and, if matplotlib is installed (:func:`can_plot`),
    ``ladder.png`` into ``out`` (created if needed); return the files written."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidInputError(f"cannot create {out}: {error.strerror}") from None
    paths = [out / "results.json", out / "results.csv"]
    write_json(result, paths[0])
    write_csv(result, paths[1])
    if can_plot():
        paths.append(out / "ladder.png")
        write_ladder_png(result, paths[-1])
    return paths


def pairing_table(result: TournamentResult) -> Table:
    """The pairings: hands won, mean duplicate difference with its interval, matches won."""
    table = Table(title="Pairings (duplicate deals: X's points over the other sides' per deal, every play)")
    for column in ("X", "Y", "deals", "hands X/Y/tied", "mean diff", "95% interval"):
        table.add_column(column, justify="left" if column in ("X", "Y") else "right")
    with_matches = any(pairing.matches for pairing in result.pairings)
    if with_matches:
        table.add_column("matches X/Y", justify="right")
    for pairing in result.pairings:
        x_wins, y_wins, ties = pairing.hand_wins
        diff = pairing.difference
        interval = "—" if diff.low is None or diff.high is None else f"[{diff.low:+.0f}, {diff.high:+.0f}]"
        row = [
            pairing.x,
            pairing.y,
            str(len(pairing.deals)) + (f" ({len(pairing.capped_deals)} capped)" if pairing.capped_deals else ""),
            f"{x_wins}/{y_wins}/{ties}",
            f"{diff.mean:+.0f}" if diff.n else "—",
            interval,
        ]
        if with_matches:
            x_matches, y_matches, unfinished = pairing.match_wins
            row.append(f"{x_matches}/{y_matches}" + (f" ({unfinished} unfinished)" if unfinished else ""))
        table.add_row(*row)
    return table


def capped_lines(result: TournamentResult) -> list[str]:
    """One line per deal a hand of which was cut at the action limit (left out of the results)."""
    return [
        f"capped: {pairing.x} vs {pairing.y}, deal {deal.index} (seed {deal.seed}): a hand reached "
        f"{HAND_ACTION_LIMIT} actions without ending; the deal is left out"
        for pairing in result.pairings
        for deal in pairing.capped_deals
    ]


def rating_table(result: TournamentResult) -> Table:
    table = Table(title="Ratings (Bradley-Terry on hand wins, Elo scale)")
    for column in ("bot", "rating", "hands", "hands won (share)"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in result.rating_table():
        table.add_row(row["bot"], f"{row['rating']:.0f}", str(row["hands"]), f"{row['win_share']:.3f}")
    return table
