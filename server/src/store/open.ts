// openStore(url): the store a --db argument names. A postgres:// or postgresql:// URL opens
// PostgreSQL; anything else is the path of an SQLite file (created when missing; ":memory:"
// is an in-memory database for tests). The store is initialised (schema created) on return.
import type { Store } from './store.js';
import { SqliteStore } from './sqlite.js';
import { StoreError } from './check.js';

export { StoreError } from './check.js';

export async function openStore(url: string): Promise<Store> {
  if (typeof url !== 'string' || url.trim() === '') throw new StoreError('the database must be a file path or a postgres:// URL');
  let store: Store;
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const { PostgresStore } = await import('./postgres.js');
    store = new PostgresStore(url);
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new StoreError(`unsupported database URL ${url.replace(/\/\/[^@/]*@/, '//***@')}: use a file path (SQLite) or postgres://`);
  } else {
    store = new SqliteStore(url.startsWith('file:') ? url.slice(5) : url);
  }
  await store.init();
  return store;
}
