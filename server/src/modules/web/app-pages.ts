import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { SEASON_QUERY } from '@erd/shared-contracts/schemas';
import { berlinToday } from '@erd/shared-contracts/wire';
import type { ServerConfig } from '../../config.js';
import type { ChangeFeed } from '../cache/changes.js';
import { createKeptValues } from '../cache/kept.js';
import { headTags, withHead } from '../previews/head.js';
import { previewTarget, type Previews, type PreviewTarget } from '../previews/service.js';
import type { PreloadHints } from './preload.js';

/**
 * The app's page per public route as it is served (issue 23): the host's shell with the route's own
 * head (title, description, canonical URL, Open Graph and Twitter tags: modules/previews), its
 * preload hints (added per request: modules/web/preload.ts keeps them and follows releases), the HTTP status (404 for what does not exist or is not public) and a validator.
 * Kept in memory per path and Berlin day while none of the topics it was made of changed (the
 * change feed, so also across instances) and the shell is the same; without a live feed every
 * request makes it anew. Bounded: the least recently used pages go first.
 */

export interface ServedAppPage {
  html: string;
  /** A weak validator of the page (one for its encodings): null when not made from current data. */
  etag: string | null;
  /** The page compressed once per version (null: compressed on the way, if at all). */
  encoded: { gzip: Buffer; br: Buffer } | null;
  status: 200 | 404;
  /** The entry or club the page shows (counted when a link-preview crawler fetches it). */
  target: PreviewTarget;
}

/** The page with its head, before the preload hints. */
type HeadedPage = Omit<ServedAppPage, 'etag' | 'encoded'>;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * `/tabelle?saison=2025`: the year number; 0 for a `saison` that is no year (a page that does not
 * exist, as the standings remote shows it); none without the query or on other pages.
 */
function seasonOf(pathname: string, query: unknown): number | undefined {
  if (!/^\/tabelle\/?$/.test(pathname)) return undefined;
  const raw = (query as Record<string, unknown> | undefined)?.[SEASON_QUERY];
  if (raw === undefined) return undefined;
  return typeof raw === 'string' && /^\d{4}$/.test(raw) ? Number(raw) : 0;
}

const MAX_PAGES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;

export function createAppPages({
  feed,
  now,
  previews,
  preloads,
  config,
}: {
  feed: Pick<ChangeFeed, 'live' | 'now' | 'changedAt'> | null;
  now: () => Date;
  previews: Previews;
  preloads: PreloadHints;
  config: Pick<ServerConfig, 'publicUrl' | 'productName'>;
}) {
  const pages = createKeptValues<HeadedPage>({ feed, maxEntries: MAX_PAGES, maxBytes: MAX_BYTES, sizeOf: (page) => page.html.length * 2 });
  // A new host build (a new shell) makes every page anew.
  const shellIds = new WeakMap<object, number>();
  let shells = 0;

  async function make(pathname: string, shell: string, season: number | undefined): Promise<{ page: HeadedPage; topics: string[] }> {
    const { preview, topics: made } = await previews.previewOf(pathname, { season });
    const html = withHead(shell, headTags(preview, config));
    return { page: { html, status: preview.status, target: preview.status === 200 ? previewTarget(pathname) : null }, topics: made };
  }

  // The last page served per kept page, with its validator and encodings: made again only when the
  // preload hints change (a release) or the page is made anew.
  const encodedPages = new WeakMap<HeadedPage, Promise<ServedAppPage>>();
  async function encode(page: HeadedPage, html: string): Promise<ServedAppPage> {
    const body = Buffer.from(html, 'utf8');
    const [gzipped, br] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAsync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
      }),
    ]);
    return { ...page, html, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, encoded: { gzip: gzipped, br } };
  }

  /** The page with the preload hints as they are now (kept by modules/web/preload.ts, which follows releases). */
  async function served(pathname: string, page: HeadedPage, log: FastifyBaseLogger): Promise<ServedAppPage> {
    const html = await preloads.page(pathname, page.html, log);
    const last = encodedPages.get(page);
    if (last) {
      const done = await last;
      if (done.html === html) return done;
    }
    const made = encode(page, html);
    encodedPages.set(page, made);
    return made;
  }

  return {
    /**
     * The page of `pathname` (the request's raw path) on the shell `shell`; `query`: the request's
     * query, of which only `/tabelle`'s `saison` (a season's year number, issue 26) makes another page.
     */
    async get(pathname: string, shell: { html: string }, log: FastifyBaseLogger, query?: unknown): Promise<ServedAppPage> {
      let shellId = shellIds.get(shell);
      if (shellId === undefined) shellIds.set(shell, (shellId = ++shells));
      const season = seasonOf(pathname, query);
      const key = `${shellId}|${berlinToday(now())}|${pathname}${season === undefined ? '' : `?${SEASON_QUERY}=${season}`}`;
      const page = await pages.get(key, async () => {
        const made = await make(pathname, shell.html, season);
        return { value: made.page, topics: made.topics };
      });
      return served(pathname, page, log);
    },
  };
}
