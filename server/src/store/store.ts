// The storage a table server needs, one interface for the embedded SQLite file (the default)
// and PostgreSQL (--db postgres://...). The server writes every accepted change here before any
// client hears of it; after a crash it restores every unfinished table from here.
//
// A table is stored as its latest table image (the table layer's serialize(): game, seats,
// clocks, events, pending answers, checksummed) plus one row per accepted change, so a
// restored table is exactly the table the clients last heard of.

// What a table was created with (the lobby and the history lists read it).
export interface TableInfo {
  code: string; // the invite code, the room's id
  game: string;
  players: number;
  settings: unknown; // the create request as accepted (JSON)
  listed: boolean; // shown in GET /tables
  createdAtMs: number;
}

// One seat's holder as the server knows it (the table layer knows human/bot/away).
export interface SeatRow {
  seat: number;
  name: string;
  tokenHash: string; // SHA-256 of the seat token, hex; the token itself is never stored
}

// One accepted change: a client's action, a nonce, a leave, or the moves tick made.
export interface ChangeRow {
  seq: number; // the table's seq after the change
  kind: string; // "act", "tick", "leave", "seat", "nonce", ...
  seat: number | null;
  detail: string; // the action text or other detail, for audit and the soak count
  atMs: number;
  // Fair deals: the record lines (commit, nonce, reveal; newline-separated) of the events this
  // change made, kept so that a finished game's record is whole although the table keeps only
  // the last deals' events (events=deal). Absent: none.
  fair?: string;
}

export interface StoredTable {
  info: TableInfo;
  image: Uint8Array;
  seq: number;
  seats: SeatRow[];
  owner: string | null; // the process that hosts it now (multi-process), or null
}

export interface FinishedGame {
  code: string;
  game: string;
  record: string;
  scores: number[];
  names: string[]; // per seat
  finishedAtMs: number;
  // Closed because no human was connected for the abandon time: the record so far (the game
  // is not over). Absent or false: the game ended.
  abandoned?: boolean;
}

export interface Store {
  // Creates the schema when it is missing (idempotent).
  init(): Promise<void>;
  createTable(info: TableInfo, image: Uint8Array, seq: number): Promise<void>;
  // In one transaction: the change row and the table's new image.
  saveChange(code: string, change: ChangeRow, image: Uint8Array): Promise<void>;
  setSeat(code: string, seat: SeatRow): Promise<void>;
  loadTable(code: string): Promise<StoredTable | null>;
  // Every table not finished (restored at start-up, or claimed on demand by another process).
  listUnfinished(): Promise<StoredTable[]>;
  // Marks the table finished (or abandoned) and keeps its record for the history lists; it is
  // never restored again.
  finishTable(game: FinishedGame, image: Uint8Array): Promise<void>;
  historyOfPlayer(name: string, limit: number): Promise<FinishedGame[]>;
  historyOfTable(code: string): Promise<FinishedGame | null>;
  listOpen(limit: number): Promise<TableInfo[]>;
  // Multi-process ownership: take the table for `owner` when nobody holds a live lease
  // (expired after leaseMs without renew). True when `owner` holds it afterwards.
  claim(code: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean>;
  renew(owner: string, nowMs: number): Promise<void>;
  release(code: string, owner: string): Promise<void>;
  // Codes of unfinished tables nobody holds a live lease on (no owner, or the lease ended at or
  // before nowMs), oldest first: what a process may claim and host (start-up, takeover).
  orphans(nowMs: number, limit: number): Promise<string[]>;
  // Makes this store act for one hosting process (several processes on one PostgreSQL):
  // createTable gives the new table to `owner` with a lease of leaseMs from now (so no other
  // process can claim it between creation and hosting), and saveChange, setSeat and finishTable
  // refuse a table another owner holds, so a process that lost its lease cannot write over the
  // process that took the table over. Not called: no ownership checks (one process).
  actFor(owner: string, leaseMs: number): void;
  changes(code: string): Promise<ChangeRow[]>; // for tests and the soak count
  close(): Promise<void>;
}
