// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as api from "../src/api";

type Sent = { path: string; method: string; headers: Record<string, string>; body: unknown };

/** Replaces fetch with one that answers every request with `status` and `body` (a string is sent as is,
 *  anything else as JSON), and returns the list of requests made. */
function serve(status: number, body: unknown, statusText = ""): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({
        path,
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      const text = typeof body === "string" ? body : JSON.stringify(body);
      return new Response(text, { status, statusText });
    }),
  );
  return sent;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("HTTP calls", () => {
  it("send JSON with the saved token as a bearer token", async () => {
    localStorage.setItem("biriba.token", "t-1");
    const sent = serve(200, { id: "abc" });
    expect(await api.createTable({ players: 4, preset: "standard" })).toEqual({ id: "abc" });
    expect(sent).toEqual([
      {
        path: "/api/tables",
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer t-1" },
        body: { players: 4, preset: "standard" },
      },
    ]);
  });

  it("send no Authorization header and no body when there is no token and nothing to send", async () => {
    const sent = serve(200, []);
    await api.listTables();
    expect(sent).toEqual([
      { path: "/api/tables", method: "GET", headers: { "Content-Type": "application/json" }, body: undefined },
    ]);
  });

  it("escape table ids and invitations in the path and query", async () => {
    const sent = serve(200, {});
    await api.getTable("a b/c", "x&y=z");
    await api.getTable("t1", null);
    await api.joinTable("a b/c", 2, "inv");
    await api.replayFrame("t/1", 3, 14);
    await api.matchRecord("t?1");
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ["GET", "/api/tables/a%20b%2Fc?invite=x%26y%3Dz", undefined],
      ["GET", "/api/tables/t1", undefined],
      ["POST", "/api/tables/a%20b%2Fc/join", { seat: 2, invite: "inv" }],
      ["GET", "/api/tables/t%2F1/replay?hand=3&step=14", undefined],
      ["GET", "/api/tables/t%3F1/record", undefined],
    ]);
  });

  it("raise the server's detail when it is a message", async () => {
    serve(409, { detail: "seat 2 is taken" });
    await expect(api.joinTable("t1", 2, null)).rejects.toThrow(/^seat 2 is taken$/);
  });

  it("raise a validation error's detail as JSON", async () => {
    const detail = [{ loc: ["body", "seat"], msg: "Input should be a valid integer" }];
    serve(422, { detail });
    await expect(api.joinTable("t1", 2, null)).rejects.toThrow(JSON.stringify(detail));
  });

  it("raise the status text when the answer is not JSON", async () => {
    serve(502, "<html>Bad Gateway</html>", "Bad Gateway");
    await expect(api.listTables()).rejects.toThrow(/^"Bad Gateway"$/);
  });
});

describe("the player's token", () => {
  it.each([
    ["becomeGuest", () => api.becomeGuest("Eleni"), "/api/guests", { name: "Eleni" }],
    ["register", () => api.register("eleni", "secret"), "/api/users", { username: "eleni", password: "secret" }],
    ["login", () => api.login("eleni", "secret"), "/api/login", { username: "eleni", password: "secret" }],
  ])("%s keeps the token and the name the server gives", async (_name, act, path, body) => {
    const sent = serve(200, { token: "tok-9", player: { id: "p1", name: "Ελένη" } });
    await act();
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([["POST", path, body]]);
    expect(api.savedToken()).toBe("tok-9");
    expect(api.savedName()).toBe("Ελένη");
  });

  it("is not kept when the server refuses", async () => {
    serve(401, { detail: "wrong username or password" });
    await expect(api.login("eleni", "nope")).rejects.toThrow("wrong username or password");
    expect(api.savedToken()).toBeNull();
  });

  it("is revoked on the server and forgotten on logout, while the name stays to fill in the form", async () => {
    localStorage.setItem("biriba.token", "tok");
    localStorage.setItem("biriba.name", "Eleni");
    const sent = serve(200, { logged_out: true });
    await api.logout();
    expect(sent.map((s) => [s.method, s.path, s.headers.Authorization])).toEqual([["POST", "/api/logout", "Bearer tok"]]);
    expect(api.savedToken()).toBeNull();
    expect(api.savedName()).toBe("Eleni");
  });

  it("is forgotten, and the page told, when the server no longer takes it", async () => {
    localStorage.setItem("biriba.token", "old");
    const heard: string[] = [];
    const listener = (event: Event) => heard.push(String((event as CustomEvent).detail));
    window.addEventListener(api.SIGNED_OUT, listener);
    serve(401, { detail: "the token has expired: log in again, or play as a new guest" });
    await expect(api.createTable({})).rejects.toThrow("expired");
    window.removeEventListener(api.SIGNED_OUT, listener);
    expect(api.savedToken()).toBeNull();
    expect(heard).toEqual(["the token has expired: log in again, or play as a new guest"]);
  });

  it("is checked with the server, and dropped when the server no longer knows it", async () => {
    const none = serve(200, {});
    expect(await api.checkToken()).toBe(false);
    expect(none).toEqual([]); // no token: nothing to ask

    localStorage.setItem("biriba.token", "good");
    const ok = serve(200, { player: { id: "p1", name: "Anna", username: null } });
    expect(await api.checkToken()).toBe(true);
    expect(ok.map((s) => [s.path, s.headers.Authorization])).toEqual([["/api/me", "Bearer good"]]);
    expect(api.savedToken()).toBe("good");
    expect(api.isGuest()).toBe(true); // no username: logging out would lose this player

    serve(200, { player: { id: "p1", name: "Anna", username: "anna" } });
    expect(await api.checkToken()).toBe(true);
    expect(api.isGuest()).toBe(false);

    serve(401, { detail: "unknown token" });
    expect(await api.checkToken()).toBe(false);
    expect(api.savedToken()).toBeNull();
  });
});

describe("stateChange", () => {
  it("takes the first state, and any higher sequence number, as a new position", () => {
    expect(api.stateChange(null, 0)).toBe("new");
    expect(api.stateChange(null, 40)).toBe("new");
    expect(api.stateChange(17, 18)).toBe("new");
  });

  it("takes the same sequence number as the same position", () => {
    expect(api.stateChange(17, 17)).toBe("same");
    expect(api.stateChange(0, 0)).toBe("same");
  });

  it("takes a lower sequence number as stale", () => {
    expect(api.stateChange(17, 16)).toBe("stale");
    expect(api.stateChange(1, 0)).toBe("stale");
  });
});

/** A WebSocket the test plays the server side of: `accept`, `receive` and `drop`. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string): void {
    // As a real WebSocket does: sending before the connection is open is an error.
    if (this.readyState !== FakeSocket.OPEN) throw new Error("InvalidStateError: not open");
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.drop();
  }

  accept(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

describe("TableSocket", () => {
  let messages: unknown[];
  let status: boolean[];

  beforeEach(() => {
    FakeSocket.made = [];
    messages = [];
    status = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.useFakeTimers();
  });

  const connect = (tableId = "t 1", invite: string | null = "inv") =>
    new api.TableSocket(
      tableId,
      invite,
      (message) => messages.push(message),
      (up) => status.push(up),
    );
  const latest = () => FakeSocket.made[FakeSocket.made.length - 1];

  it("connects to the table's address, over wss on an https page", () => {
    connect("t 1");
    expect(latest().url).toBe(`ws://${location.host}/ws/tables/t%201`);
    vi.stubGlobal("location", { protocol: "https:", host: "biriba.example" });
    connect("t2");
    expect(latest().url).toBe("wss://biriba.example/ws/tables/t2");
  });

  it("says hello with the token and the invitation once open, then reports itself connected", () => {
    localStorage.setItem("biriba.token", "tok");
    connect("t1", "inv-7");
    expect(status).toEqual([]);
    latest().accept();
    expect(latest().sent).toEqual([{ type: "hello", token: "tok", invite: "inv-7" }]);
    expect(status).toEqual([true]);
  });

  it("hands every server message on, parsed", () => {
    connect();
    latest().accept();
    latest().receive({ type: "state", seq: 3 });
    latest().receive({ type: "error", code: "stale" });
    expect(messages).toEqual([
      { type: "state", seq: 3 },
      { type: "error", code: "stale" },
    ]);
  });

  it("sends only while open, dropping what is sent before", () => {
    const table = connect();
    table.send({ type: "hint", language: "en" });
    latest().accept();
    table.send({ type: "action", seq: 4, action: { seat: 0, type: "draw" } });
    expect(latest().sent).toEqual([
      { type: "hello", token: null, invite: "inv" },
      { type: "action", seq: 4, action: { seat: 0, type: "draw" } },
    ]);
  });

  it("reconnects after a drop, waiting twice as long each time up to 8 s, and from 0.5 s again once connected", () => {
    connect();
    const waits: number[] = [];
    for (let drop = 0; drop < 6; drop++) {
      const before = FakeSocket.made.length;
      latest().drop();
      // Count the wait in steps of 100 ms until the next connection is made.
      let waited = 0;
      while (FakeSocket.made.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
        expect(waited).toBeLessThanOrEqual(8000);
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(status).toEqual([false, false, false, false, false, false]);

    latest().accept();
    latest().drop();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(7);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(8);
    expect(status).toEqual([false, false, false, false, false, false, true, false]);
  });

  it("does not reconnect once closed", () => {
    const table = connect();
    latest().accept();
    table.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(status).toEqual([true, false]);
  });

  it("does not reconnect when closed while waiting to reconnect", () => {
    const table = connect();
    latest().accept();
    latest().drop();
    table.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });
});
