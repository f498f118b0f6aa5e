// Build step: the embedded database's template (server/dist/pglite-template, see src/db/pglite.ts):
// PGlite's initdb, run once here instead of in the server's first start. Skipped when the
// template was made by the installed PGlite with the same settings.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPgliteTemplate, pgliteTemplatePaths } from '../dist/db/pglite.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
if (await buildPgliteTemplate({ serverRoot })) {
  console.log(
    `pglite-template: ${path.relative(serverRoot, pgliteTemplatePaths(serverRoot).dir)} made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
