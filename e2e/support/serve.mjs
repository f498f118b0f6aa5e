// Starts the built server for the end-to-end run on a fresh data directory (embedded PGlite,
// demo season imported on first start, e-mail written to the outbox).
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(root, 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  // Per-IP limits scaled up: every e2e test registers and logs in from the same address.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: `http://localhost:${process.env.PORT}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '20',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
