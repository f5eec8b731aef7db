"""The database: players, tables, seats and each table's event log (SQLAlchemy 2, Alembic).

A table's truth is its event log: the rows of ``events``, numbered from 0 by ``seq``. The primary
key ``(table_id, seq)`` is what makes an action count once: two submissions made against the same
sequence number (a double click, two server processes, a retry after a lost answer) race for the
same row, and only one insert can win. The state of a table is never stored, only replayed.

The schema is created and upgraded by the Alembic migrations in ``migrations/``, run at start-up.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from biriba.server.settings import normalise_database_url

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x42_1B_1BA
"""PostgreSQL advisory lock taken while migrating, so that processes starting together take turns."""


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    __tablename__ = "tables"
    __table_args__ = (
        Index("tables_open", "private", "over", "created_at"),  # the lobby's open tables, newest first
        Index("tables_created_by", "created_by", "over"),  # the cap of a player's tables in play
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[float] = mapped_column(Float)
    rules: Mapped[Any] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """Tables made before deals were stored as decks: hands without a deck are dealt from it."""
    first_deal: Mapped[Any] = mapped_column(JSON, nullable=True)
    """The first hand's deal, ``{"deck": [codes], "cut": n?}`` (None: a table dealt from its seed)."""
    private: Mapped[bool] = mapped_column(Boolean)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    """Why the table could not be loaded (it is set aside: not resumed, not listed); None if it loads."""
    created_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The player who created the table (None for tables made before it was kept)."""
    game: Mapped[str] = mapped_column(String(16), default="biriba", server_default="biriba")
    """The game the table plays (:mod:`biriba.games.registry`): it reads the rules, deals and actions."""


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("table_id", "player_id", name="seats_one_per_player"),
        Index("seats_player", "player_id"),  # a player's tables (history)
    )
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    stand_in: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The bot level playing a person's seat while the person is away (None: the person plays it)."""


class EventRow(Base):
    __tablename__ = "events"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)


class AccountRow(Base):
    """A registered user: the login name (lower case, unique) and the argon2 hash of the password."""

    __tablename__ = "accounts"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    login: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    """A table's results so far (written when a hand ends): what a player's history lists."""

    __tablename__ = "table_results"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    hands: Mapped[int] = mapped_column(Integer)
    totals: Mapped[Any] = mapped_column(JSON)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    updated_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A token handed out: whose, until when, and whether it was revoked."""

    __tablename__ = "sessions"
    __table_args__ = (Index("sessions_player", "player_id"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    revoked: Mapped[bool] = mapped_column(Boolean)


class SecretRow(Base):
    __tablename__ = "secrets"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a bot (its level), a player, or nobody yet (both None)."""

    seat: int
    bot: str | None
    player_id: str | None
    name: str | None
    registered: bool = False
    """Whether the player is a registered user (a guest may take any name, even a registered user's)."""
    stand_in: str | None = None
    """The bot level playing the person's seat while the person is away (None: the person plays it)."""

    @property
    def is_open(self) -> bool:
        return self.bot is None and self.player_id is None

    @property
    def playing_bot(self) -> str | None:
        """The bot that plays the seat now: the seat's own, or the absent person's stand-in."""
        return self.bot if self.bot is not None else self.stand_in


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as stored: everything needed to replay it, and who sits where."""

    id: str
    created_at: float
    rules: Any
    first_dealer: int
    seed: int | None
    """Only tables made before deals were stored as decks have one (see :func:`biriba.server.table.hand_deal`)."""
    first_deal: Any
    """The first hand's deal as a record's deal object (None for a table dealt from its seed)."""
    private: bool
    invite: str | None
    over: bool
    seats: tuple[Seat, ...]
    turn_seconds: float | None = None
    """The turn timer: seconds a person's turn may take before the server plays for them (None: no timer)."""
    error: str | None = None
    """Why the table could not be loaded; None for a table that loads (see :meth:`Store.set_aside`)."""
    created_by: str | None = None
    """The player who created the table, its host (None for tables made before it was kept)."""
    game: str = "biriba"
    """The game the table plays: its rules, deals and actions are that game's."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a table's log: ``kind`` is ``action`` (data: the action's JSON) or ``deal`` (the
    next hand is dealt)."""

    seq: int
    kind: str
    data: Any
    created_at: float = 0.0
    """When it was written (seconds since the epoch): turn timer deadlines are derived from it."""


@dataclass(frozen=True, slots=True)
class Account:
    """A registered user's login, as stored."""

    player_id: str
    login: str
    password_hash: str
    name: str


@dataclass(frozen=True, slots=True)
class PlayerSession:
    """A session as stored, with its player's name and login (None: a guest)."""

    player_id: str
    name: str
    login: str | None
    expires_at: float
    revoked: bool


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A table a player sat at, with its results so far (no card)."""

    table: TableInfo
    seat: int
    hands: int
    totals: list[int]
    winner: int | None


class Store:
    """Synchronous access to the database; the server calls it from worker threads."""

    def __init__(self, url: str) -> None:
        self.url = normalise_database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        options: dict[str, Any] = {}
        if self.is_sqlite:
            options["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            options["pool_size"] = 10
            options["max_overflow"] = 20
        self.engine: Engine = create_engine(self.url, **options)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        events_table = Base.metadata.tables[EventRow.__tablename__]
        insert = postgresql.insert if self.engine.dialect.name == "postgresql" else sqlite.insert
        self._insert_events = (
            insert(events_table).on_conflict_do_nothing().returning(events_table.c.table_id, events_table.c.seq)
        )

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if self.is_sqlite:
                # SQLite changes a column by copying the table into a new one and dropping the old: the
                # rows that point at it (seats, events) must not be checked in between. (The first
                # statement, before the driver opens a transaction, where the pragma is a no-op.)
                connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            else:
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            if self.is_sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")

    def close(self) -> None:
        self.engine.dispose()

    # --- secrets -------------------------------------------------------------------------------

    def secret(self, name: str) -> str:
        """A random secret kept in the database (the first process to ask creates it), so that every
        process and every restart signs and checks tokens alike."""
        with Session(self.engine) as session:
            row = session.get(SecretRow, name)
            if row is not None:
                return row.value
            session.add(SecretRow(name=name, value=secrets.token_urlsafe(48)))
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
            row = session.get(SecretRow, name)
            assert row is not None
            return row.value

    # --- players -------------------------------------------------------------------------------

    def create_player(self, name: str) -> str:
        player_id = secrets.token_urlsafe(12)
        with Session(self.engine) as session, session.begin():
            session.add(PlayerRow(id=player_id, name=name, created_at=time.time()))
        return player_id

    # --- sessions (what tokens stand for) ------------------------------------------------------

    def create_session(self, player_id: str, seconds: float) -> str:
        """A new session of ``player_id`` that lasts ``seconds``; its id (a token names it)."""
        session_id = secrets.token_urlsafe(18)
        now = time.time()
        with Session(self.engine) as session, session.begin():
            session.add(
                SessionRow(id=session_id, player_id=player_id, created_at=now, expires_at=now + seconds, revoked=False)
            )
        return session_id

    def session(self, session_id: str) -> PlayerSession | None:
        with Session(self.engine) as session:
            row = session.execute(
                select(
                    SessionRow.player_id, PlayerRow.name, AccountRow.login, SessionRow.expires_at, SessionRow.revoked
                )
                .join(PlayerRow, PlayerRow.id == SessionRow.player_id)
                .outerjoin(AccountRow, AccountRow.player_id == SessionRow.player_id)
                .where(SessionRow.id == session_id)
            ).first()
            return None if row is None else PlayerSession(*row)

    def revoke_session(self, session_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(update(SessionRow).where(SessionRow.id == session_id).values(revoked=True))

    # --- registered users ----------------------------------------------------------------------

    def create_account(self, login: str, password_hash: str, name: str, player_id: str | None = None) -> str | None:
        """Register ``login`` (already lower case) for ``player_id`` (a guest who registers keeps their
        seats), or for a new player named ``name``. The player id; None if the login is taken (or the
        player already has an account)."""
        try:
            with Session(self.engine) as session, session.begin():
                if player_id is None:
                    player_id = secrets.token_urlsafe(12)
                    session.add(PlayerRow(id=player_id, name=name, created_at=time.time()))
                    session.flush()
                session.add(
                    AccountRow(player_id=player_id, login=login, password_hash=password_hash, created_at=time.time())
                )
        except IntegrityError:
            return None
        return player_id

    def account(self, login: str) -> Account | None:
        """The account of a login name (lower case)."""
        with Session(self.engine) as session:
            row = session.execute(
                select(AccountRow.player_id, AccountRow.login, AccountRow.password_hash, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == AccountRow.player_id)
                .where(AccountRow.login == login)
            ).first()
            return None if row is None else Account(*row)

    def set_password_hash(self, player_id: str, password_hash: str) -> None:
        """Store a new hash of the same password (argon2 parameters were raised since it was made)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(AccountRow).where(AccountRow.player_id == player_id).values(password_hash=password_hash)
            )

    def history(self, player_id: str, limit: int = 100) -> list[HistoryEntry]:
        """The tables ``player_id`` sat at, newest first, with their results so far."""
        with Session(self.engine) as session:
            mine = list(
                session.execute(
                    select(TableRow, SeatRow.seat, ResultRow)
                    .join(SeatRow, SeatRow.table_id == TableRow.id)
                    .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
                    .where(SeatRow.player_id == player_id)
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )
            ids = [row.id for row, _, _ in mine]
            seats: dict[str, list[SeatRow]] = {table_id: [] for table_id in ids}
            for seat in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                seats[seat.table_id].append(seat)
            registered = _registered(session, seats)
            entries = []
            for row, seat_number, result in mine:
                players = len(seats[row.id])
                entries.append(
                    HistoryEntry(
                        table=_table_info(row, seats[row.id], registered),
                        seat=seat_number,
                        hands=0 if result is None else result.hands,
                        totals=[0] * players if result is None else list(result.totals),
                        winner=None if result is None else result.winner,
                    )
                )
            return entries

    # --- tables --------------------------------------------------------------------------------

    def create_table(  # noqa: PLR0913
        self,
        rules: Any,
        first_dealer: int,
        first_deal: Any,
        private: bool,
        bots: Sequence[str | None],
        turn_seconds: float | None = None,
        created_by: str | None = None,
        game: str = "biriba",
    ) -> TableInfo:
        """A new table of ``game``: ``first_deal`` is its first hand's deal (``{"deck": [codes], "cut": n?}``)."""
        table_id = secrets.token_urlsafe(9)
        invite = secrets.token_urlsafe(18) if private else None
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table_id,
                    created_at=time.time(),
                    rules=rules,
                    first_dealer=first_dealer,
                    seed=None,
                    first_deal=first_deal,
                    private=private,
                    invite=invite,
                    over=False,
                    turn_seconds=turn_seconds,
                    created_by=created_by,
                    game=game,
                )
            )
            session.flush()
            for seat, bot in enumerate(bots):
                session.add(SeatRow(table_id=table_id, seat=seat, bot=bot))
        info = self.table(table_id)
        assert info is not None
        return info

    def table(self, table_id: str) -> TableInfo | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
            seat_rows = list(seats)
            return _table_info(row, seat_rows, _registered(session, {table_id: seat_rows}))

    def open_tables(self, limit: int = 100) -> list[TableInfo]:
        """Public tables still being played, newest first."""
        with Session(self.engine) as session:
            rows = list(
                session.scalars(
                    select(TableRow)
                    .where(TableRow.private.is_(False), TableRow.over.is_(False), TableRow.error.is_(None))
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )
            ids = [row.id for row in rows]
            seats: dict[str, list[SeatRow]] = {table_id: [] for table_id in ids}
            for seat in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                seats[seat.table_id].append(seat)
            registered = _registered(session, seats)
            return [_table_info(row, seats[row.id], registered) for row in rows]

    def table_ids(self) -> list[str]:
        """Every table still being played and not set aside (a restarted server resumes them)."""
        with Session(self.engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.over.is_(False), TableRow.error.is_(None))))

    def tables_created_by(self, player_id: str) -> int:
        """How many tables still being played ``player_id`` created."""
        with Session(self.engine) as session:
            query = select(func.count()).where(
                TableRow.created_by == player_id, TableRow.over.is_(False), TableRow.error.is_(None)
            )
            return int(session.scalar(query) or 0)

    def set_aside(self, table_id: str, error: str) -> None:
        """Mark a table that cannot be loaded, with the reason: it is not tried again at every start."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(TableRow).where(TableRow.id == table_id).values(error=error[:500]))

    def claim_seat(self, table_id: str, seat: int, player_id: str, name: str) -> str:
        """Sit ``player_id`` in an open seat: ``"seated"``; ``"taken"`` if the seat is not open (a bot or
        someone else sits there), ``"has_seat"`` if the player already sits at the table. The database
        decides both, whatever other joins run at the same moment: the update takes an open seat only,
        and the unique constraint on ``(table_id, player_id)`` refuses a second seat."""
        try:
            with Session(self.engine) as session, session.begin():
                result = session.execute(
                    update(SeatRow)
                    .where(
                        SeatRow.table_id == table_id,
                        SeatRow.seat == seat,
                        SeatRow.bot.is_(None),
                        SeatRow.player_id.is_(None),
                    )
                    .values(player_id=player_id, name=name)
                )
                return "seated" if getattr(result, "rowcount", 0) else "taken"
        except IntegrityError:
            return "has_seat"

    def set_seat_bot(self, table_id: str, seat: int, bot: str | None) -> bool:
        """Make a seat no person holds a bot's (``bot``) or open for a person (None); False if a person
        sits there (their seat is not the host's to give away)."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.player_id.is_(None))
                .values(bot=bot)
            )
            return bool(getattr(result, "rowcount", 0))

    def set_stand_in(self, table_id: str, seat: int, bot: str | None) -> bool:
        """Let ``bot`` play a person's seat while they are away (None: the person plays it again); False
        if no person holds the seat."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.player_id.is_not(None))
                .values(stand_in=bot)
            )
            return bool(getattr(result, "rowcount", 0))

    def close_table(self, table_id: str) -> None:
        """A table every person left: no longer played, listed or resumed. Its log stays: the record and
        the players' histories still show it."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(TableRow).where(TableRow.id == table_id).values(over=True))

    def save_result(self, table_id: str, hands: int, totals: list[int], winner: int | None, over: bool) -> None:
        """Record a table's results after a hand (and that the match is over, when it is)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(ResultRow, table_id)
            if row is None:
                session.add(
                    ResultRow(table_id=table_id, hands=hands, totals=totals, winner=winner, updated_at=time.time())
                )
            elif hands >= row.hands:  # another process may have written a later hand already
                row.hands, row.totals, row.winner, row.updated_at = hands, totals, winner, time.time()
            if over:
                session.execute(update(TableRow).where(TableRow.id == table_id).values(over=True))

    # --- the event log -------------------------------------------------------------------------

    def events(self, table_id: str, after: int = -1) -> list[Event]:
        """The table's events with ``seq > after``, in order."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(EventRow.seq, EventRow.kind, EventRow.data, EventRow.created_at)
                .where(EventRow.table_id == table_id, EventRow.seq > after)
                .order_by(EventRow.seq)
            )
            return [Event(seq, kind, data, created_at) for seq, kind, data, created_at in rows]

    def append(self, table_id: str, seq: int, kind: str, data: Any, created_at: float | None = None) -> bool:
        """Write event ``seq``; False if that number is already taken (someone else's event won)."""
        return self.append_many([(table_id, Event(seq, kind, data, created_at or time.time()))])[0]

    def append_many(self, events: Sequence[tuple[str, Event]]) -> list[bool]:
        """Write events of any tables in one transaction (one commit for all: a group commit). For each,
        False if its ``(table, seq)`` was already taken: ``ON CONFLICT DO NOTHING`` skips that one row
        and the others are written."""
        rows = [
            {"table_id": table_id, "seq": e.seq, "kind": e.kind, "data": e.data, "created_at": e.created_at}
            for table_id, e in events
        ]
        with self.engine.begin() as connection:
            # One multi-row INSERT for the batch (SQLAlchemy's "insertmanyvalues"), in Core: per event, the
            # ORM's statement building cost more than the database's work. RETURNING names the rows
            # written; a (table, seq) already taken is skipped and returns nothing.
            stored = {(row.table_id, row.seq) for row in connection.execute(self._insert_events, rows)}
        written = []
        for table_id, entry in events:  # (each (table, seq) counts once, should a batch hold it twice)
            written.append((table_id, entry.seq) in stored)
            stored.discard((table_id, entry.seq))
        return written


def _registered(session: Session, seats: dict[str, list[SeatRow]]) -> set[str]:
    """The players among ``seats`` who are registered users."""
    players = {seat.player_id for rows in seats.values() for seat in rows if seat.player_id is not None}
    if not players:
        return set()
    return set(session.scalars(select(AccountRow.player_id).where(AccountRow.player_id.in_(players))))


def _table_info(row: TableRow, seats: list[SeatRow], registered: set[str]) -> TableInfo:
    return TableInfo(
        id=row.id,
        created_at=row.created_at,
        rules=row.rules,
        first_dealer=row.first_dealer,
        seed=row.seed,
        first_deal=row.first_deal,
        private=row.private,
        invite=row.invite,
        over=row.over,
        seats=tuple(Seat(s.seat, s.bot, s.player_id, s.name, s.player_id in registered, s.stand_in) for s in seats),
        turn_seconds=row.turn_seconds,
        error=row.error,
        created_by=row.created_by,
        game=row.game,
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets readers and the one writer work side by side. With WAL, synchronous=NORMAL keeps every
    committed event through a crash or ``kill -9`` of the server (only a power loss may drop the last
    commits), at a fraction of FULL's cost per action."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
