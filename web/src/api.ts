// The server's protocol (docs/protocol.md): the lobby over HTTP, the table over a WebSocket. What the
// server sends is typed by src/wire.ts, generated from the server's own types (`npm run types`).
import type {
  CreatedTable,
  HistoryResponse,
  PlayerResponse,
  PresetsResponse,
  ReplayResponse,
  BuraReplayResponse,
  TyzichaReplayResponse,
  RuleSheetResponse,
  ServerMessage,
  TableResponse,
  TablesResponse,
  TokenResponse,
} from "./wire";

/** A match record (docs/rules.md, Records), as `biriba replay` reads it. */
export type MatchRecordJson = { [key: string]: unknown };

/** A new table: its rules and who sits where (a bot level, or null for a person). */
export interface NewTable {
  game?: string;
  players: number;
  preset: string;
  options?: { [option: string]: unknown };
  target?: number | null;
  private?: boolean;
  turn_seconds?: number | null;
  seat?: number | null;
  seats?: (string | null)[];
}

const TOKEN_KEY = "biriba.token";
const NAME_KEY = "biriba.name";
const LOGIN_KEY = "biriba.login"; // the registered user's login; absent for a guest

export function savedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function savedName(): string {
  return localStorage.getItem(NAME_KEY) ?? "";
}

/** Whether the player signed in on this browser is a guest (no account: logging out loses them). */
export function isGuest(): boolean {
  return savedToken() !== null && localStorage.getItem(LOGIN_KEY) === null;
}

function keep(data: TokenResponse): void {
  localStorage.setItem(TOKEN_KEY, data.token);
  localStorage.setItem(NAME_KEY, data.player.name);
  if (data.player.username) localStorage.setItem(LOGIN_KEY, data.player.username);
  else localStorage.removeItem(LOGIN_KEY);
}

/** The event the page hears when the server no longer takes the saved token (it expired, or it was
 *  revoked): the token is forgotten, and the player logs in again or plays as a new guest. */
export const SIGNED_OUT = "biriba:signed-out";

function signedOut(reason: string): void {
  localStorage.removeItem(TOKEN_KEY);
  window.dispatchEvent(new CustomEvent(SIGNED_OUT, { detail: reason }));
}

/** An HTTP error of the server: its English ``message``, and the ``key`` of its text in the catalogue
 *  (``web.error.KEY``), when it has one, for the client to say it in its player's language. */
export class ApiProblem extends Error {
  readonly key: string | null;
  constructor(message: string, key: string | null) {
    super(message);
    this.key = key;
  }
}

/** What went wrong, in ``words``' language where the catalogue has it. */
export function problemText(error: unknown, say: (key: string, message: string) => string): string {
  if (error instanceof ApiProblem && error.key) return say(error.key, error.message);
  return (error as Error).message;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const token = savedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (response.status === 401 && token && path !== "/api/users") {
    signedOut(typeof data.detail === "string" ? data.detail : response.statusText);
  }
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail ?? response.statusText);
    throw new ApiProblem(detail, typeof data.key === "string" ? data.key : null);
  }
  return data as T;
}

/** A guest player: the token is kept in this browser, so a reload finds the same seat. */
export async function becomeGuest(name: string): Promise<void> {
  keep(await call<TokenResponse>("POST", "/api/guests", { name }));
}

/** A registered user (with a guest's token, the guest becomes the user and keeps their seats). */
export async function register(username: string, password: string, name: string | null = null): Promise<void> {
  keep(await call<TokenResponse>("POST", "/api/users", name ? { username, password, name } : { username, password }));
}

/** Log in on this device: the token names the same player, so the same seats and history. */
export async function login(username: string, password: string): Promise<void> {
  keep(await call<TokenResponse>("POST", "/api/login", { username, password }));
}

/** Log out: the server revokes the token (on every device it was copied to), and this browser forgets it. */
export async function logout(): Promise<void> {
  if (savedToken()) await call("POST", "/api/logout").catch(() => undefined);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(LOGIN_KEY);
}

export const history = () => call<HistoryResponse>("GET", "/api/me/history");
export const matchRecord = (id: string) => call<MatchRecordJson>("GET", `/api/tables/${encodeURIComponent(id)}/record`);
export const replayFrame = (id: string, hand: number, step: number) =>
  call<ReplayResponse | BuraReplayResponse | TyzichaReplayResponse>("GET", `/api/tables/${encodeURIComponent(id)}/replay?hand=${hand}&step=${step}`);

export async function checkToken(): Promise<boolean> {
  if (!savedToken()) return false;
  try {
    const me = await call<PlayerResponse>("GET", "/api/me");
    if (me.player.username) localStorage.setItem(LOGIN_KEY, me.player.username);
    else localStorage.removeItem(LOGIN_KEY);
    return true;
  } catch {
    localStorage.removeItem(TOKEN_KEY);
    return false;
  }
}

export const listTables = () => call<TablesResponse>("GET", "/api/tables");
export const presets = () => call<PresetsResponse>("GET", "/api/presets");
export const rulesSheet = (preset: string, players: number, language: string) =>
  call<RuleSheetResponse>("GET", `/api/rules/${encodeURIComponent(preset)}?players=${players}&language=${language}`);
export const createTable = (body: NewTable) => call<CreatedTable>("POST", "/api/tables", body);
export const getTable = (id: string, invite: string | null) =>
  call<TableResponse>("GET", `/api/tables/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
export const joinTable = (id: string, seat: number, invite: string | null) =>
  call<TableResponse>("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, invite });
/** The host makes an open seat a bot's (its level) or a person's (null), before the first move. */
export const changeSeat = (id: string, seat: number, bot: string | null) =>
  call<TableResponse>("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { bot });
/** Hand the seat of a person away long enough to a bot, until they come back. */
export const standIn = (id: string, seat: number) =>
  call<TableResponse>("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/stand-in`);

/** How a `state` message stands to the one shown (docs/protocol.md, "Sequence numbers"): a lower `seq`
 *  is stale and must not replace it (never go back); the same `seq` is the same position sent again
 *  (e.g. a seat's `connected` changed), so the player's selection stays; a higher one is a new position. */
export function stateChange(shownSeq: number | null, incomingSeq: number): "stale" | "same" | "new" {
  if (shownSeq === null) return "new";
  if (incomingSeq < shownSeq) return "stale";
  return incomingSeq === shownSeq ? "same" : "new";
}

/** The table connection: says hello with the token, then hands every server message to `onMessage`;
 *  reconnects after a drop (the server sends the full view again). */
export class TableSocket {
  private socket: WebSocket | null = null;
  private closed = false;
  private retry = 500;
  private reconnect: ReturnType<typeof setTimeout> | undefined; // pending while waiting to reconnect

  constructor(
    private tableId: string,
    private invite: string | null,
    private onMessage: (message: ServerMessage) => void,
    private onStatus: (connected: boolean) => void,
  ) {
    this.open();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 500;
      socket.send(JSON.stringify({ type: "hello", token: savedToken(), invite: this.invite }));
      this.onStatus(true);
    };
    socket.onmessage = (event) => {
      const message: ServerMessage = JSON.parse(event.data);
      if (message.type === "error" && message.code === "bad_token" && savedToken()) signedOut(message.message);
      this.onMessage(message);
    };
    socket.onclose = () => {
      this.onStatus(false);
      if (!this.closed) {
        this.reconnect = setTimeout(() => this.open(), this.retry);
        this.retry = Math.min(this.retry * 2, 8000);
      }
    };
  }

  /** A client message (docs/protocol.md): hello, action, next_hand, hint, ping, chat. */
  send(message: { type: string; [field: string]: unknown }): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.closed = true;
    // Leaving during the wait to reconnect must not open a new connection afterwards.
    clearTimeout(this.reconnect);
    this.socket?.close();
  }
}
