#!/usr/bin/env node
// The command: deckhand-server [--port N] [--db FILE|postgres://...] ... (docs/server.md).
import { main } from '../dist/main.js';

main(process.argv.slice(2)).catch((e) => {
  console.error(`deckhand-server: ${e.message}`);
  process.exit(2);
});
