// Copies the non-TypeScript files the server needs at run time from src/ to dist/ (swc compiles
// only the .ts files). Migrations are read from server/drizzle and the demo season from
// server/season/demo directly, so today this finds little or nothing to copy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
const SKIP_DIRS = new Set(['__fixtures__', 'test-support', '__tests__']);
const COPY = /\.(json|sql|html|txt|md|svg|png)$/i;

let copied = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(abs);
    } else if (entry.isFile() && COPY.test(entry.name)) {
      const target = path.join(dist, path.relative(src, abs));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(abs, target);
      copied++;
    }
  }
}
walk(src);

if (!fs.existsSync(path.join(root, 'drizzle', 'meta', '_journal.json'))) {
  console.error('copy-assets: server/drizzle has no migrations (run npm run db:generate -w server)');
  process.exit(1);
}
console.log(`copy-assets: ${copied} file(s) copied to dist/`);
