import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { remoteFilesOfManifest, remoteModuleOfPath, thumbnailUrl, type SpaceDataDto } from '@erd/shared-contracts/wire';
import { SERVED_REMOTE_NAMES, type ServedRemoteName, type ServerConfig } from '../../config.js';
import { topics, type ChangeFeed } from '../cache/changes.js';
import type { ReleaseReader } from '../releases/reader.js';
import { MANIFEST, releaseDir } from '../releases/service.js';

/**
 * Preload hints in the app's page (issue 10, LCP on a phone): without them the browser learns of a
 * route's remote only after the app has started (page → entry → app chunks → /config.json → first
 * render → manifest → runtime → remoteEntry → the exposed module), one round trip after the other.
 * With them it asks for all of these with the page:
 * - on every page: the space data, which the app reads at start;
 * - on a route whose screen is a remote (contracts `remoteModuleOfPath`): the remote's manifest, the
 *   host's Module Federation runtime chunk, the remote's `remoteEntry.js` and the exposed module's
 *   own files, from the live release's manifest (or the workspace build's) — the same URLs the host
 *   then loads (`federation.ts`), so nothing is fetched twice;
 * - on the challenge overview: the first challenge's picture, its largest element on a phone (the
 *   URL mf-challenges renders with high priority), from the season's content as it is now.
 * A hint that cannot be worked out (no build yet, an unreadable manifest) is left out; the page is
 * never held up or failed by it.
 */

/** The host build's runtime chunk (`host/src/app/remotes/runtime.ts`, webpackChunkName "mf-runtime"). */
const RUNTIME_CHUNK = /^mf-runtime\.[0-9a-f]+\.js$/;
/** A base to resolve a manifest's relative URLs against; links on it are written as paths. */
const ORIGIN = 'http://page.invalid';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const scriptHint = (href: string) => `<link rel="preload" as="script" href="${attribute(href)}">`;
// `fetch()` of a same-origin URL (mode cors, credentials same-origin) uses a preload made with crossorigin="anonymous".
const imageHint = (href: string) => `<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}">`;
const fetchHint = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(href)}">`;
const pathOrUrl = (href: string) => (href.startsWith(`${ORIGIN}/`) ? href.slice(ORIGIN.length) : href);

export interface PreloadHints {
  /** The shell `html` with the hints for `pathname` before `</head>`. */
  page(pathname: string, html: string, log: FastifyBaseLogger): Promise<string>;
}

export function createPreloadHints({
  config,
  hostDir,
  remoteDir,
  remotesDataDir,
  releases,
  feed,
  spaceData,
}: {
  config: Pick<ServerConfig, 'contentApiBase' | 'spaceId'>;
  hostDir: string;
  remoteDir: (name: ServedRemoteName) => string;
  remotesDataDir: string;
  releases: ReleaseReader;
  /** Tells when the season's content changed (the overview picture is kept until then). */
  feed: Pick<ChangeFeed, 'live' | 'now' | 'changedAt'> | null;
  spaceData: () => Promise<SpaceDataDto>;
}): PreloadHints {
  const spaceDataHint = config.contentApiBase.startsWith('/')
    ? fetchHint(`${config.contentApiBase}/public/spaces/${encodeURIComponent(config.spaceId)}/spacedata?include=4`)
    : '';

  // The runtime chunk of the host build the page belongs to (looked up again when the page changes).
  let runtimeOf: { html: string; href: Promise<string | null> } | null = null;
  function runtimeChunk(html: string): Promise<string | null> {
    if (runtimeOf?.html !== html) {
      const href = fs
        .readdir(hostDir)
        .then((names) => names.find((name) => RUNTIME_CHUNK.test(name)) ?? null)
        .then((name) => (name ? `/${name}` : null))
        .catch(() => null);
      runtimeOf = { html, href };
    }
    return runtimeOf.href;
  }

  /** The live manifest of a remote: where the page reads it, a key that changes with it, and its text. */
  async function manifest(name: ServedRemoteName): Promise<{ url: string; key: string; read: () => Promise<Buffer | null> } | null> {
    const live = await releases.live(name);
    if (live) {
      const read =
        releases.kind === 'database'
          ? async () => (await releases.file(name, live.release, MANIFEST))?.raw ?? null
          : () => fs.readFile(path.join(releaseDir(remotesDataDir, name, live.release), MANIFEST));
      return { url: live.entry, key: `release:${live.release}`, read };
    }
    const file = path.join(remoteDir(name), MANIFEST);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return null;
    return { url: `/remotes/${name}/${MANIFEST}`, key: `workspace:${stat.mtimeMs}`, read: () => fs.readFile(file) };
  }

  // Hints per exposed module and manifest version (a release's manifest never changes under its id).
  const remoteHints = new Map<string, Promise<string[]>>();
  async function hintsOfRemote(remote: ServedRemoteName, module: string): Promise<string[]> {
    const found = await manifest(remote);
    if (!found) return [];
    const key = `${remote}|${module}|${found.key}`;
    let hints = remoteHints.get(key);
    if (!hints) {
      hints = found.read().then((body) => {
        if (!body) return [];
        const { entry, files } = remoteFilesOfManifest(JSON.parse(body.toString('utf8')), new URL(found.url, ORIGIN), module);
        return [fetchHint(found.url), ...[entry, ...files].map((href) => scriptHint(pathOrUrl(href)))];
      });
      if (remoteHints.size > 256) remoteHints.clear();
      remoteHints.set(key, hints);
      hints.catch(() => remoteHints.delete(key));
    }
    return hints;
  }

  // The overview's first picture, kept while the change feed says the content has not changed.
  const contentTopics = [topics.content];
  let picture: { since: number; href: string | null } | null = null;
  async function overviewPicture(): Promise<string | null> {
    const read = async () => {
      const first = (await spaceData()).year.fields.challenges[0];
      const href = first ? thumbnailUrl(first.fields.teaserImage) : '';
      return href.startsWith('/') ? href : null;
    };
    if (!feed?.live) return read();
    if (picture && picture.since >= feed.changedAt(contentTopics)) return picture.href;
    const since = feed.now();
    const href = await read();
    if (feed.live && feed.changedAt(contentTopics) <= since) picture = { since, href };
    return href;
  }

  return {
    async page(pathname, html, log) {
      const links = spaceDataHint ? [spaceDataHint] : [];
      if (/^\/challenge\/?$/i.test(pathname)) {
        try {
          const href = await overviewPicture();
          if (href) links.push(imageHint(href));
        } catch (error) {
          log.warn({ err: error }, 'the overview picture could not be worked out for a preload hint');
        }
      }
      const target = remoteModuleOfPath(pathname);
      const remote = SERVED_REMOTE_NAMES.find((name) => name === target?.remote);
      if (target && remote) {
        try {
          const [runtime, hints] = await Promise.all([runtimeChunk(html), hintsOfRemote(remote, target.module)]);
          if (hints.length) links.push(...(runtime ? [scriptHint(runtime)] : []), ...hints);
        } catch (error) {
          log.warn({ err: error, remote }, 'preload hints of a remote could not be worked out');
        }
      }
      const at = html.indexOf('</head>');
      return links.length && at !== -1 ? `${html.slice(0, at)}${links.join('')}${html.slice(at)}` : html;
    },
  };
}
