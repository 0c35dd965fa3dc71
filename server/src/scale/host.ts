// TableHost: which tables this process hosts, kept with leases in the store so that a table is
// hosted by exactly one process at a time, and taken over when its process dies.
//
// - Every table this process creates is born leased to it (Store.actFor), so no other process
//   can claim it between creation and hosting.
// - Every renewMs the process renews all its leases in one statement. If it cannot renew for a
//   whole lease (the database is unreachable), it stops hosting everything (drop()), because
//   another process may take its tables over from then on.
// - Every sweepMs it asks the store for orphans (unfinished tables with no owner or an expired
//   lease: their process died, or shut down and released them), claims each (a conditional
//   UPDATE: one process wins) and recreates the table's room from the store under the same code
//   (host()); clients rejoin with their seat tokens.
// - A write refused because another process now holds the table (a lost lease) drops the room
//   here: lost(code).
// - stop() releases every lease, so on a graceful shutdown other processes take the tables at
//   their next sweep instead of after the lease.
//
// The owner name is stable across restarts of the same server (host name and port), so a
// server killed and started again reclaims its own tables at once instead of after the lease.
import type { Store } from '../store/store.js';

export interface TableHostOptions {
  store: Store;
  owner: string;
  leaseMs: number; // how long a lease lasts without renewal (default 10 s)
  renewMs?: number; // default leaseMs / 3
  sweepMs?: number; // default leaseMs / 2
  // Creates the room for a table this process just claimed, from the stored table.
  host: (code: string) => Promise<void>;
  // Stops hosting a table (its lease is lost): disconnects its clients without writing.
  drop: (code: string, why: string) => Promise<void>;
  log?: (line: string) => void;
  now?: () => number;
}

export class TableHost {
  readonly owner: string;
  private readonly hosted = new Set<string>();
  private readonly starting = new Set<string>();
  private readonly failed = new Map<string, number>(); // code -> when hosting it failed
  private timers: NodeJS.Timeout[] = [];
  private lastRenewMs = 0;
  private sweeping = false;
  private stopped = false;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(private readonly o: TableHostOptions) {
    if (!(o.leaseMs >= 100)) throw new Error(`lease must be at least 100 ms, got ${o.leaseMs}`);
    this.owner = o.owner;
    this.now = o.now ?? Date.now;
    this.log = o.log ?? ((line) => console.log(`deckhand-server: ${line}`));
    o.store.actFor(o.owner, o.leaseMs);
  }

  // The tables hosted here now.
  codes(): string[] {
    return [...this.hosted];
  }

  isHosted(code: string): boolean {
    return this.hosted.has(code);
  }

  // Claims and hosts every table without a live lease (this server's own after a restart,
  // and tables whose process is gone), then keeps renewing and sweeping.
  async start(): Promise<number> {
    this.lastRenewMs = this.now();
    await this.o.store.renew(this.owner, this.lastRenewMs);
    // Tables still leased to this owner name: this server before a crash or kill.
    let n = 0;
    for (const t of await this.o.store.listUnfinished())
      if (t.owner === this.owner) n += await this.take(t.info.code);
    n += await this.sweep();
    const renewMs = this.o.renewMs ?? Math.max(50, Math.floor(this.o.leaseMs / 3));
    const sweepMs = this.o.sweepMs ?? Math.max(50, Math.floor(this.o.leaseMs / 2));
    this.timers.push(setInterval(() => void this.renew(), renewMs).unref());
    this.timers.push(setInterval(() => void this.sweep(), sweepMs).unref());
    return n;
  }

  // A table this process created (born leased to it).
  adopt(code: string): void {
    this.hosted.add(code);
  }

  // A table that finished or whose room closed: let it go (finished tables are never claimed).
  async release(code: string): Promise<void> {
    if (!this.hosted.delete(code)) return;
    try {
      await this.o.store.release(code, this.owner);
    } catch (e) {
      this.log(`could not release table ${code}: ${(e as Error).message}`);
    }
  }

  // A write was refused because another process holds the table now.
  async lost(code: string, why: string): Promise<void> {
    if (!this.hosted.delete(code)) return;
    this.log(`table ${code} is no longer hosted here: ${why}`);
    await this.o.drop(code, why).catch((e) => this.log(`dropping table ${code}: ${(e as Error).message}`));
  }

  private async renew(): Promise<void> {
    if (this.stopped) return;
    const t = this.now();
    try {
      await this.o.store.renew(this.owner, t);
      this.lastRenewMs = t;
    } catch (e) {
      const silent = t - this.lastRenewMs;
      this.log(`lease renewal failed (${silent} ms since the last): ${(e as Error).message}`);
      if (silent >= this.o.leaseMs && this.hosted.size > 0) {
        for (const code of [...this.hosted]) await this.lost(code, `leases not renewed for ${silent} ms`);
      }
    }
  }

  // Claims orphaned tables and hosts them; returns how many it took.
  async sweep(): Promise<number> {
    if (this.sweeping || this.stopped) return 0;
    this.sweeping = true;
    let taken = 0;
    try {
      for (;;) {
        const codes = (await this.o.store.orphans(this.now(), 100)).filter(
          (c) => !this.hosted.has(c) && !this.starting.has(c),
        );
        if (codes.length === 0) break;
        let progress = false;
        for (const code of codes) {
          if (this.stopped) break;
          const got = await this.take(code);
          if (got < 0) continue;
          progress = true;
          taken += got;
        }
        if (!progress || codes.length < 100) break;
      }
    } catch (e) {
      this.log(`sweep failed: ${(e as Error).message}`);
    } finally {
      this.sweeping = false;
    }
    return taken;
  }

  // Claims one table and hosts it: 1 when hosted, 0 when claimed but it failed to start
  // (released again, and skipped for a minute), -1 when another process holds it.
  private async take(code: string): Promise<number> {
    const failedAt = this.failed.get(code);
    if (failedAt !== undefined && this.now() - failedAt < 60_000) return -1;
    if (!(await this.o.store.claim(code, this.owner, this.now(), this.o.leaseMs))) return -1;
    this.starting.add(code);
    try {
      await this.o.host(code);
      this.hosted.add(code);
      this.failed.delete(code);
      this.log(`hosting table ${code} (claimed from the store)`);
      return 1;
    } catch (e) {
      this.log(`could not host table ${code}: ${(e as Error).message}; releasing it`);
      this.failed.set(code, this.now());
      await this.o.store.release(code, this.owner).catch(() => {});
      return 0;
    } finally {
      this.starting.delete(code);
    }
  }

  // Stops the timers; with release, gives every table back (graceful shutdown).
  async stop(release = true): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (!release) return;
    for (const code of [...this.hosted]) await this.release(code);
  }
}
