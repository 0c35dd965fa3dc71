// The worker thread of SqliteStore (sqlite.ts): owns the SQLite connection, a
// SqliteDirectStore, and runs the calls the server's thread posts, in order; the direct
// store commits each turn's calls together (group commit) and the results go back in one
// message.
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteDirectStore } from './sqlite.js';

const port = parentPort!;
const { path, synchronous } = workerData as { path: string; synchronous: 'FULL' | 'NORMAL' };
const store = new SqliteDirectStore(path, synchronous);
type Call = { id: number; method: string; args: unknown[] };
const methods = new Set([
  'actFor', 'createTable', 'saveChange', 'setSeat', 'loadTable', 'listUnfinished', 'finishTable', 'historyOfPlayer',
  'historyOfTable', 'listOpen', 'claim', 'renew', 'release', 'orphans', 'changes', 'close',
]);

try {
  await store.init();
  port.postMessage({ type: 'ready' });
} catch (e) {
  port.postMessage({ type: 'ready', error: (e as Error).message });
}

port.on('message', async (m: { type: string; calls: Call[] }) => {
  if (m.type !== 'calls') return;
  const runs = m.calls.map((c) => {
    if (!methods.has(c.method)) return Promise.reject(new Error(`no method ${c.method}`));
    try {
      return Promise.resolve((store as unknown as Record<string, (...a: unknown[]) => unknown>)[c.method](...c.args));
    } catch (e) {
      return Promise.reject(e);
    }
  });
  const settled = await Promise.allSettled(runs);
  port.postMessage({
    type: 'results',
    results: settled.map((s, i) =>
      s.status === 'fulfilled'
        ? { id: m.calls[i].id, ok: true, value: s.value }
        : { id: m.calls[i].id, ok: false, error: (s.reason as Error)?.message ?? String(s.reason) },
    ),
  });
});
