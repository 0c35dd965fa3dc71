// A child process for the durability test: opens the store at argv[2], creates table argv[3]
// and saves changes as fast as it can, printing each seq after saveChange resolved. The test
// SIGKILLs it and checks that every printed seq is in the database.
import { openStore } from '../dist/store/open.js';

const [url, code] = process.argv.slice(2);
const store = await openStore(url);
const image = (seq) => new TextEncoder().encode(`image ${seq} `.repeat(50));
await store.createTable(
  { code, game: 'game-a', players: 4, settings: {}, listed: true, createdAtMs: Date.now() },
  image(0),
  0,
);
process.stdout.write('created\n');
for (let seq = 1; ; seq++) {
  await store.saveChange(code, { seq, kind: 'act', seat: seq % 4, detail: `play ${seq}`, atMs: Date.now() }, image(seq));
  process.stdout.write(`${seq}\n`);
}
