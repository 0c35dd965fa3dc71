// deckhand-server: the process. Parses the command line, opens the store, starts Colyseus on
// 127.0.0.1 with the table room, serves the HTTP lists, and hosts every unfinished table of
// the store again under its code (after a restart, or taken over from a dead process).
import http from 'node:http';
import os from 'node:os';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { openStore } from './store/open.js';
import { TableHost } from './scale/host.js';
import { checkRedisUrl } from './scale/redis-url.js';
import { TableRoom, setContext, type ServerContext } from './room.js';

export interface Args {
  port: number;
  host: string;
  db: string;
  redis: string | null;
  publicAddress: string | null;
  leaseMs: number;
  events: 'deal' | 'all';
  abandonMs: number;
  createLimit: number;
}

const USAGE =
  'usage: deckhand-server [--port N] [--host ADDR] [--db FILE|postgres://...] [--redis redis://...] [--public-address HOST:PORT] [--lease-ms N]' +
  ' [--events deal|all] [--abandon-ms N] [--create-limit N]';

export function parseArgs(argv: string[]): Args {
  const a: Args = { port: 2567, host: '127.0.0.1', db: 'deckhand.db', redis: null, publicAddress: null, leaseMs: 10_000, events: 'deal', abandonMs: 1_800_000, createLimit: 30 };
  for (let i = 0; i < argv.length; ++i) {
    const k = argv[i];
    const val = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${k} needs a value\n${USAGE}`);
      return v;
    };
    const num = (min: number, max: number): number => {
      const s = val();
      const n = Number(s);
      if (!/^\d+$/.test(s) || n < min || n > max) throw new Error(`${k} ${s}: a whole number ${min}..${max} expected`);
      return n;
    };
    if (k === '--port') a.port = num(0, 65535);
    else if (k === '--host') a.host = val();
    else if (k === '--db') a.db = val();
    else if (k === '--redis') a.redis = checkRedisUrl(val());
    else if (k === '--public-address') a.publicAddress = val();
    else if (k === '--lease-ms') a.leaseMs = num(100, 3_600_000);
    else if (k === '--events') {
      const v = val();
      if (v !== 'deal' && v !== 'all') throw new Error(`--events ${v}: deal or all expected`);
      a.events = v;
    } else if (k === '--abandon-ms') a.abandonMs = num(0, 2 ** 31 - 1);
    else if (k === '--create-limit') a.createLimit = num(0, 1_000_000);
    else if (k === '--help' || k === '-h') throw new Error(USAGE);
    else throw new Error(`unknown argument ${JSON.stringify(k)}\n${USAGE}`);
  }
  return a;
}

const MAX_BODY = 16 * 1024;

// Table creation per client address: a token bucket of `perMinute` tables, refilled at that
// many a minute (0: no limit). The address is the connection's (a reverse proxy's when behind
// one; its X-Forwarded-For is not trusted, anyone can send one).
export class CreateLimit {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(readonly perMinute: number) {}
  // null when `ip` may create a table now (and it is counted), else the refusal's message.
  take(ip: string, now: number): string | null {
    if (this.perMinute <= 0) return null;
    const b = this.buckets.get(ip) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + ((now - b.at) / 60_000) * this.perMinute);
    b.at = now;
    this.buckets.set(ip, b);
    if (this.buckets.size > 10_000) this.prune(now);
    if (b.tokens < 1) {
      const wait = Math.ceil(((1 - b.tokens) * 60_000) / this.perMinute / 1000);
      return `create limit: at most ${this.perMinute} tables a minute from one address (--create-limit); try again in ${wait} s`;
    }
    b.tokens -= 1;
    return null;
  }
  // Forgets the addresses whose bucket is full again.
  private prune(now: number): void {
    for (const [ip, b] of this.buckets) if (b.tokens + ((now - b.at) / 60_000) * this.perMinute >= this.perMinute) this.buckets.delete(ip);
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const s = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
  res.end(s);
}

export async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const log = (line: string) => console.log(`deckhand-server: ${line}`);
  const dh = await (await import('deckhand')).load();
  const store = await openStore(args.db);
  const rooms = new Map<string, TableRoom>();
  const ctx: ServerContext = {
    dh,
    catalog: dh.games(),
    store,
    host: null as unknown as TableHost,
    restoring: new Set(),
    rooms,
    shuttingDown: false,
    fairDeals: false,
    events: args.events,
    abandonMs: args.abandonMs,
    log,
  };
  try {
    new dh.Table(ctx.catalog[0].name, { fairSecret: '0'.repeat(64) } as never).free();
    ctx.fairDeals = true;
  } catch {
    ctx.fairDeals = false; // a table layer without fair deals
  }
  setContext(ctx);

  const httpServer = http.createServer();
  httpServer.on('request', (req, res) => void route(req, res));
  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET', 'Access-Control-Allow-Headers': '*' });
        return void res.end();
      }
      if (req.method !== 'GET') return json(res, 405, { error: `${req.method} is not served here` });
      if (url.pathname === '/tables') {
        const open = await store.listOpen(100);
        return json(res, 200, {
          // Tables hosted by another process (several processes) have free: null.
          tables: open
            .map((t) => ({ code: t.code, game: t.game, players: t.players, free: rooms.get(t.code)?.freeSeats() ?? null, createdAtMs: t.createdAtMs }))
            .filter((t) => t.free !== 0),
        });
      }
      if (url.pathname === '/games') return json(res, 200, ctx.catalog);
      if (url.pathname === '/history') {
        const player = url.searchParams.get('player');
        if (!player || player.length > 32) return json(res, 400, { error: 'player: a name of 1..32 characters expected (?player=NAME)' });
        return json(res, 200, { games: await store.historyOfPlayer(player, 50) });
      }
      const m = /^\/history\/([A-Za-z0-9]{1,16})$/.exec(url.pathname);
      if (m) {
        const g = await store.historyOfTable(m[1]);
        return g ? json(res, 200, g) : json(res, 404, { error: `no finished game ${m[1]}` });
      }
      if (url.pathname === '/') return json(res, 200, { server: 'deckhand-server', tables: rooms.size });
      return json(res, 404, { error: `no ${url.pathname} here (GET /tables, /games, /history?player=NAME, /history/CODE)` });
    } catch (e) {
      json(res, 500, { error: (e as Error).message });
    }
  }

  const scale = args.redis ? (await import('./scale/redis.js')).redisScaleOut(args.redis) : null;
  const transport = new WebSocketTransport({ server: httpServer, maxPayload: 64 * 1024, pingInterval: 5000, pingMaxRetries: 2 } as never);
  const gameServer = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    ...(scale ? { presence: scale.presence, driver: scale.driver, publicAddress: args.publicAddress ?? `${args.host}:${args.port}` } : {}),
  });
  // Matchmaking bodies are capped (Colyseus reads them whole), and so is the rate at which one
  // address creates tables.
  const creates = new CreateLimit(args.createLimit);
  const handlers = httpServer.listeners('request').slice();
  httpServer.removeAllListeners('request');
  httpServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return json(res, 413, { error: `the body is over ${MAX_BODY} bytes` });
    if (req.method === 'POST' && /\/matchmake\/create\//.test(req.url ?? '')) {
      const refusal = creates.take(req.socket.remoteAddress ?? '?', Date.now());
      // as Colyseus answers a refused create (colyseus.js rejects with this code and message)
      if (refusal) return json(res, 200, { code: 4429, error: refusal });
    }
    let n = 0;
    req.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > MAX_BODY) req.destroy();
    });
    for (const h of handlers) (h as (q: http.IncomingMessage, r: http.ServerResponse) => void).call(httpServer, req, res);
  });
  gameServer.define('table', TableRoom);

  const host = new TableHost({
    store,
    owner: `${os.hostname()}:${args.port}`,
    leaseMs: args.leaseMs,
    log,
    host: async (code) => {
      ctx.restoring.add(code);
      try {
        // here, in this process (createRoom would pick the process with the fewest rooms)
        await matchMaker.handleCreateRoom('table', { __restore: code });
      } finally {
        ctx.restoring.delete(code);
      }
    },
    drop: async (code) => {
      const room = rooms.get(code);
      if (room) await room.disconnect(4500);
    },
  });
  ctx.host = host;

  await gameServer.listen(args.port, args.host);
  const restored = await host.start();
  log(`listening on ${args.host}:${args.port}, database ${args.db.replace(/\/\/[^@/]*@/, '//***@')}, ${restored} table(s) restored`);

  let stopping = false;
  const stop = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    ctx.shuttingDown = true;
    log(`${sig}: stopping (every table stays in the database)`);
    try {
      await host.stop(true);
      await Promise.race([gameServer.gracefullyShutdown(false), new Promise((r) => setTimeout(r, 3000))]);
      await store.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
