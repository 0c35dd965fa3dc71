// Test helpers: server processes on 127.0.0.1 (started and stopped here) and players that are
// real colyseus.js clients, recording every message they receive.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BIN = path.join(here, '..', 'bin', 'deckhand-server.mjs');

export function tempDb() {
  return path.join(mkdtempSync(path.join(tmpdir(), 'deckhand-server-test-')), 'tables.db');
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

// Starts `deckhand-server` and resolves once it listens.
export async function startServer({ db, port, args = [] }) {
  port ??= await freePort();
  const proc = spawn(process.execPath, [BIN, '--port', String(port), '--db', db, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${out}`)), 20000);
    const on = (d) => {
      out += d;
      if (/listening on/.test(out)) {
        clearTimeout(t);
        resolve();
      }
    };
    proc.stdout.on('data', on);
    proc.stderr.on('data', on);
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  proc.stdout.on('data', (d) => (out += d));
  const server = {
    port,
    proc,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async kill(signal = 'SIGKILL') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const done = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await done;
    },
  };
  return server;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function until(what, fn, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export const randomNonce = () => randomBytes(32).toString('hex');

// A player: one colyseus.js client. Records every message; with autoplay it answers every
// turn with a legal action (random but seeded by the test's choice) and every commit with a
// nonce.
export class Player {
  constructor(url, { autoplay = true, pick = (legal) => legal[Math.floor(Math.random() * legal.length)], delayMs = 0 } = {}) {
    this.url = url;
    this.client = new Client(url);
    this.autoplay = autoplay;
    this.pick = pick;
    this.delayMs = delayMs;
    this.messages = []; // [type, payload] for every message received, over every connection
    this.events = []; // the event stream as it arrived (deduplicated by seq)
    this.errors = [];
    this.seat = null;
    this.token = null;
    this.lastSeq = 0;
    this.turn = null;
    this.closed = null;
    this.acts = 0;
  }

  attach(room) {
    this.room = room;
    this.closed = null;
    room.onMessage('*', (type, payload) => this.receive(type, payload));
    room.onLeave((code) => (this.closed = code));
  }

  receive(type, payload) {
    this.messages.push([type, payload]);
    if (type === 'welcome') {
      this.seat = payload.seat;
      if (payload.token) this.token = payload.token;
      this.code = payload.code;
    } else if (type === 'snapshot') {
      this.snapshot = payload;
      this.lastSeq = payload.seq;
      this.over = payload.table.over;
    } else if (type === 'events') {
      for (const e of payload.events) {
        if (e.seq <= this.lastSeq) continue;
        if (e.seq !== this.lastSeq + 1 && this.events.length) this.gap = `${this.lastSeq} -> ${e.seq}`;
        this.events.push(e);
        this.lastSeq = e.seq;
        if (e.type === 'game_over') this.over = true;
        if (e.type === 'commit' && this.autoplay && this.seat !== null) this.send('nonce', { nonce: randomNonce() });
      }
    } else if (type === 'turn') {
      this.turn = payload;
      if (this.autoplay && payload.legal.length) {
        const seq = payload.seq;
        const go = () => {
          if (this.turn?.seq !== seq || !this.room) return;
          this.acts++;
          this.send('act', { action: this.pick(payload.legal, this) });
        };
        if (this.delayMs) setTimeout(go, this.delayMs);
        else go();
      }
    } else if (type === 'error') {
      this.errors.push(payload);
    }
  }

  send(type, payload) {
    try {
      this.room?.send(type, payload);
    } catch {
      /* a closed connection: the test sees it elsewhere */
    }
  }

  async create(options) {
    this.attach(await this.client.create('table', options));
    await until('welcome', () => this.code);
    return this.code;
  }

  async join(code, options) {
    this.attach(await this.client.joinById(code, options));
    await until('welcome', () => this.messages.some(([t]) => t === 'welcome'));
  }

  async leave() {
    if (this.room) await this.room.leave(true).catch(() => {});
    this.room = null;
  }
}
