// Starting and stopping deckhand-server processes for tests and the load generator: each on
// 127.0.0.1 on a free port, its output kept (printed when a test fails), killed when the
// test process exits.
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const entry = join(here, '..', '..', 'bin', 'deckhand-server.mjs');
const running = new Set();
process.on('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function portOpen(port) {
  return new Promise((resolve) => {
    const c = connect({ host: '127.0.0.1', port }, () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

// Starts the server with args (--port is added) and resolves once it accepts connections.
export async function startServer(args = [], { port, env = {}, nice = false, timeoutMs = 30000 } = {}) {
  port ??= await freePort();
  const argv = [entry, '--port', String(port), ...args];
  const p = nice
    ? spawn('nice', ['-n', '19', process.execPath, ...argv], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    : spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  running.add(p);
  let output = '';
  p.stdout.on('data', (d) => (output += d));
  p.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => p.once('exit', (code, signal) => resolve({ code, signal })));
  exited.then(() => running.delete(p));
  const t0 = Date.now();
  for (;;) {
    if (p.exitCode !== null || p.signalCode !== null)
      throw new Error(`deckhand-server ${argv.slice(1).join(' ')} exited before listening:\n${output}`);
    if (/listening on/.test(output) && (await portOpen(port))) break;
    if (Date.now() - t0 > timeoutMs) {
      p.kill('SIGKILL');
      throw new Error(`deckhand-server did not listen on ${port} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    pid: p.pid,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    kill: (signal = 'SIGKILL') => {
      p.kill(signal);
      return exited;
    },
  };
}
