// Lays out the Dockerfile's runtime stage (/app) in a folder, from this repository after its build
// (what the build stage's /src holds): its `COPY --from=build` lines and its `RUN npm …` lines,
// read from the Dockerfile itself, so that the topology test runs the instances from the tree the
// image would have. Other RUN lines (folders and owners of /data) are the image's own business.
// `node scripts/dockerfile-runtime.mjs <dir>`; exits non-zero when a step fails.
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mustRun, root } from './lib.mjs';

/** The runtime stage's steps: `{ copy: [from, to] }` and `{ run: command }`. */
export function runtimeSteps(dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')) {
  const lines = dockerfile.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const from = lines.findIndex((line) => /^FROM\s+\S+\s+AS\s+runtime\s*$/i.test(line));
  if (from < 0) throw new Error('the Dockerfile has no stage "runtime"');
  const steps = [];
  let workdir = '/';
  for (const line of lines.slice(from + 1)) {
    if (/^FROM\s/i.test(line)) break;
    const [instruction, ...rest] = line.trim().split(/\s+/);
    if (/^WORKDIR$/i.test(instruction ?? '')) workdir = rest[0];
    const copy = /^COPY\s+--from=build\s+(.+)$/i.exec(line.trim());
    if (copy) {
      const args = copy[1].split(/\s+/);
      const dest = args.pop();
      // Relative to /app, keeping a trailing slash (a file goes into such a folder).
      const to = path.posix.relative('/app', path.posix.resolve(workdir, dest)) + (dest.endsWith('/') ? '/' : '');
      for (const src of args) steps.push({ copy: [path.posix.relative('/src', src), to] });
    } else if (/^RUN$/i.test(instruction ?? '') && rest[0] === 'npm') {
      steps.push({ run: rest.join(' ') });
    }
  }
  if (workdir !== '/app') throw new Error(`the runtime stage's WORKDIR is ${workdir}, expected /app`);
  return steps;
}

export async function layOutRuntime(dir) {
  mkdirSync(dir, { recursive: true });
  for (const step of runtimeSteps()) {
    if (step.copy) {
      // Docker's COPY: a folder's contents go to the destination; a file goes into a destination
      // ending in "/", else becomes it.
      const [from, to] = step.copy;
      const source = path.join(root, from);
      if (!existsSync(source)) throw new Error(`COPY --from=build /src/${from}: missing (build first)`);
      const target =
        !statSync(source).isDirectory() && (to.endsWith('/') || to === '') ? path.join(dir, to, path.basename(from)) : path.join(dir, to);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(source, target, { recursive: true });
    } else {
      // `a && b`: each part on its own, in the folder. `npm cache clean` only empties the image
      // layer's cache; here it would empty this machine's, so it is left out.
      for (const part of step.run.split('&&').map((p) => p.trim().split(/\s+/))) {
        if (part[0] === 'npm' && part[1] === 'cache') continue;
        await mustRun(part[0], part.slice(1), { cwd: dir, env: { NODE_ENV: 'production' } });
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/dockerfile-runtime.mjs <dir>');
    process.exit(2);
  }
  await layOutRuntime(path.resolve(dir));
  console.log(`✓ the Dockerfile's runtime stage is laid out in ${path.resolve(dir)}`);
}
