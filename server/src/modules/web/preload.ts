import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  berlinToday,
  challengeTimeState,
  isVoteChallenge,
  participationSearchQuery,
  remoteFilesOfManifest,
  remoteModuleOfPath,
  thumbnailUrl,
  type SpaceDataDto,
} from '@erd/shared-contracts/wire';
import { NotFoundError } from '../../errors.js';
import { SERVED_REMOTE_NAMES, type ServedRemoteName, type ServerConfig } from '../../config.js';
import { topics, type ChangeFeed } from '../cache/changes.js';
import type { ReleaseReader } from '../releases/reader.js';
import { MANIFEST, releaseDir } from '../releases/service.js';
import { RESULTS_BASE } from '../results/files.js';

/**
 * Preload hints in the app's page (issue 10, LCP on a phone): without them the browser learns of a
 * route's remote only after the app has started (page → entry → app chunks → /config.json → first
 * render → manifest → runtime → remoteEntry → the exposed module), one round trip after the other.
 * With them it asks for all of these with the page:
 * - on every page: the space data, which the app reads at start;
 * - on a route whose screen is a remote (contracts `remoteModuleOfPath`): the remote's manifest, the
 *   host's federation loader chunk, the remote's `remoteEntry.js` and the exposed module's
 *   own files, from the live release's manifest (or the workspace build's) — the same URLs the host
 *   then loads (`federation.ts`), so nothing is fetched twice;
 * - the data a screen waits for before it shows anything, from the season's content as it is now:
 *   on the challenge overview the first challenge's picture (its largest element on a phone, which
 *   mf-challenges renders with high priority); on a vote challenge's browse page the first page of
 *   its entries (newest first, the page's default); on the standings the result file; on a club's page
 *   the club and the result files of the year and of every finished challenge.
 * A hint that cannot be worked out (no build yet, an unreadable manifest) is left out; the page is
 * never held up or failed by it.
 */

/** The host build's federation loader chunk (`host/src/app/remotes/runtime.ts`, webpackChunkName "mf-runtime"). */
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
  now,
}: {
  config: Pick<ServerConfig, 'contentApiBase' | 'spaceId'>;
  hostDir: string;
  remoteDir: (name: ServedRemoteName) => string;
  remotesDataDir: string;
  releases: ReleaseReader;
  /** Tells when the season's content changed (the overview picture is kept until then). */
  feed: Pick<ChangeFeed, 'live' | 'now' | 'changedAt'> | null;
  spaceData: () => Promise<SpaceDataDto>;
  now: () => Date;
}): PreloadHints {
  const contentUrl = (path: string) => `${config.contentApiBase}/public/spaces/${encodeURIComponent(config.spaceId)}/${path}`;
  const spaceDataHint = config.contentApiBase.startsWith('/') ? fetchHint(contentUrl('spacedata?include=4')) : '';

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

  /** What the pages read of the season first, kept while the change feed says the content has not changed (and for the day). */
  interface Season {
    /** The overview's first picture (a path on this site), or null. */
    picture: string | null;
    yearId: string;
    challengeIds: readonly string[];
    /** The slogan and picture challenges (the ones with a browse page). */
    voteChallengeIds: readonly string[];
    /** Challenges finished on `today` (the club page reads their result files). */
    finishedIds: readonly string[];
  }
  const contentTopics = [topics.content];
  let kept: { since: number; today: string; season: Season } | null = null;
  async function season(): Promise<Season> {
    const today = berlinToday(now());
    const read = async (): Promise<Season> => {
      const { year } = await spaceData();
      const challenges = year.fields.challenges ?? [];
      const picture = challenges[0] ? thumbnailUrl(challenges[0].fields.teaserImage) : '';
      return {
        picture: picture.startsWith('/') ? picture : null,
        yearId: year.sys.id,
        challengeIds: challenges.map((c) => c.sys.id),
        voteChallengeIds: challenges.filter(isVoteChallenge).map((c) => c.sys.id),
        finishedIds: challenges.filter((c) => challengeTimeState(c, today) === 'finished').map((c) => c.sys.id),
      };
    };
    if (!feed?.live) return read();
    if (kept && kept.today === today && kept.since >= feed.changedAt(contentTopics)) return kept.season;
    const since = feed.now();
    const loaded = await read();
    if (feed.live && feed.changedAt(contentTopics) <= since) kept = { since, today, season: loaded };
    return loaded;
  }

  const resultsFile = (name: string) => fetchHint(`${RESULTS_BASE}/${name}.json`);
  const overallFile = (yearId: string) => resultsFile(`overall-${encodeURIComponent(yearId)}`);
  const challengeFile = (challengeId: string) => resultsFile(`challenge-${encodeURIComponent(challengeId)}`);
  const contentObject = (id: string) => fetchHint(contentUrl(`objects/${encodeURIComponent(id)}?include=1`));
  // As the app builds it: URL.searchParams.set per key, the same serialisation as URLSearchParams.
  const firstEntries = (challengeId: string) => {
    const query = Object.entries(participationSearchQuery(challengeId, 0)).map(([key, value]): [string, string] => [key, String(value)]);
    return fetchHint(contentUrl(`objects/search?${new URLSearchParams(query).toString()}`));
  };
  const segment = (pathname: string, re: RegExp) => {
    const raw = re.exec(pathname)?.[1];
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  };

  /** The data a page's screen reads before it shows anything, as the remotes ask for it (mf-challenges, mf-standings). */
  async function dataHints(pathname: string): Promise<string[]> {
    if (/^\/challenge\/?$/i.test(pathname)) {
      const { picture } = await season();
      return picture ? [imageHint(picture)] : [];
    }
    if (!config.contentApiBase.startsWith('/')) return [];
    const browsed = segment(pathname, /^\/challenge\/([^/]+)\/?$/i);
    if (browsed) return (await season()).voteChallengeIds.includes(browsed) ? [firstEntries(browsed)] : [];
    if (/^\/tabelle\/?$/i.test(pathname)) return [overallFile((await season()).yearId)];
    const challengeId = segment(pathname, /^\/tabelle\/([^/]+)\/?$/i);
    if (challengeId) return (await season()).challengeIds.includes(challengeId) ? [challengeFile(challengeId)] : [];
    const clubId = segment(pathname, /^\/club\/([^/]+)\/?$/i);
    if (clubId) {
      const { yearId, finishedIds } = await season();
      return [contentObject(clubId), overallFile(yearId), ...finishedIds.map(challengeFile)];
    }
    return [];
  }

  return {
    async page(pathname, html, log) {
      const links = spaceDataHint ? [spaceDataHint] : [];
      try {
        links.push(...(await dataHints(pathname)));
      } catch (error) {
        // No season yet (not worth a log line on every page), or the database is away: the page goes out without these hints.
        if (!(error instanceof NotFoundError)) log.warn({ err: error }, 'the data of a page could not be worked out for preload hints');
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
