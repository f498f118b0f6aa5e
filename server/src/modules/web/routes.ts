import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifySchema } from 'fastify';
import { isBackofficeRoute } from '@erd/shared-contracts/backoffice';
import { mediaNameParamsSchema } from '@erd/shared-contracts/schemas';
import { isAppRoute, pageSlots, SHARE_VIA_PARAM } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { dataPaths, SERVED_REMOTE_NAMES, webPaths, type ServedRemoteName, type ServerConfig } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import { escapeHtml } from '../../lib/text.js';
import type { FastAnswers } from '../../http/fast-answers.js';
import { tagRoutes } from '../../http/openapi.js';
import { pageContentSecurityPolicy } from '../../http/headers.js';
import { errorSchema } from '../../http/schemas.js';
import { pathOf } from '../../http/security.js';
import { zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { PREVIEW_CACHE_CONTROL } from '../content/routes.js';
import { getSpaceData } from '../content/service.js';
import { PREVIEW_COOKIE, previewYearOf } from '../season-preview/token.js';
import { encodingFor, notModified } from '../cache/http.js';
import { createPreviews } from '../previews/service.js';
import { isLinkPreviewCrawler } from '../reach/crawlers.js';
import { reachChannelOf, recordPreview } from '../reach/service.js';
import type { ResultFile } from '../results/files.js';
import { createAppPages, type ServedAppPage } from './app-pages.js';
import { createLocalMediaStore, MEDIA_NAME, type MediaStore } from '../media/store.js';
import { UPLOAD_FILE_NAME } from '../uploads/storage.js';
import type { ReleaseReader } from '../releases/reader.js';
import { isReleaseDir, releaseDir } from '../releases/service.js';
import { CACHE_HTML, CACHE_IMMUTABLE, cacheControlFor } from './cache.js';
import { chooseMemoryFileAnswer, createMemoryFiles, prepareMemoryFile, sendMemoryFile, type MemoryFile } from './memory-file.js';
import { createPreloadHints } from './preload.js';

/**
 * Static files and the HTML app shell:
 * - `/remotes/<name>/<releaseId>/…`: a release (immutable: a release id's files never change), from
 *   the database with PostgreSQL (kept in memory, modules/releases/reader.ts), else from
 *   `${DATA_DIR}/remotes/<name>/<releaseId>/`; `/remotes/<name>/…` from the live release when one
 *   was published, else from `<webRoot>/<mf-dir>/dist/` (the workspace build). That stable path is
 *   what a sponsor's page embeds (`/remotes/mf_standings/embed.js`), so it follows releases;
 * - `/media/<name>` from the media store (immutable): the database with PostgreSQL (kept in
 *   memory; a name not there yet is looked for in `${DATA_DIR}/media/`, where media were kept
 *   before), else `${DATA_DIR}/media/`;
 * - `/media/uploads/<name>` from `${DATA_DIR}/uploads/` (processed pictures, immutable);
 * - `/backoffice` and everything below it: the host's back-office page (`backoffice.html`, its own
 *   entry: nothing of the back office is on the public pages) with 200 and `X-Robots-Tag: noindex`;
 * - any other GET: a file of `<webRoot>/host/dist/` if there is one, else the host's index.html —
 *   200 for the app's routes, 404 for everything else (the app shows its 404 screen).
 * Precompressed `.br`/`.gz` siblings are served when the client accepts them.
 */

const UNAVAILABLE_TEXT = 'Die Seite wird gerade vorbereitet und ist gleich wieder da. Bitte versuche es in ein paar Minuten noch einmal.';

interface ServedPage {
  html: string;
  /** The page's own Content-Security-Policy when it has inline scripts, else null (every answer's policy applies). */
  csp: string | null;
}

/** A host page as it is served: its slots filled (HTML-escaped), its inline scripts allowed by hash. */
export function servedPage(html: string, config: ServerConfig): ServedPage {
  const filled = html.split(pageSlots.productName).join(escapeHtml(config.productName));
  const inlineScripts = [...filled.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  return { html: filled, csp: inlineScripts.length ? pageContentSecurityPolicy(config, inlineScripts) : null };
}

/** The host's pages: the public site's shell, and the back office's (its own entry, `noindex`). */
const SHELL = 'index.html';
const BACKOFFICE_PAGE = 'backoffice.html';
/** The back-office page's own files in the host build (`/backoffice.html`, `/backoffice.js`, …). */
const BACKOFFICE_FILE = /^\/backoffice\.[^/]+$/;

const file = (type: string, description: string) =>
  ({ description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } }) as const;
const text = { description: 'No build to serve yet', content: { 'text/plain': { schema: { type: 'string' } } } } as const;
/** The static routes: files of the builds and the app's pages (left out of the API document). */
const staticSchema = (summary: string, params: object, type: string): FastifySchema => ({
  summary,
  hide: true,
  params,
  response: { 200: file(type, 'The file'), 404: errorSchema, 503: text },
});

function unavailable(reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .header('retry-after', '60')
    .type('text/plain; charset=utf-8')
    .send(UNAVAILABLE_TEXT);
}

async function isDir(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function isFileInside(root: string, rel: string): Promise<boolean> {
  const abs = path.resolve(root, `.${rel.startsWith('/') ? rel : `/${rel}`}`);
  if (!abs.startsWith(root + path.sep)) return false;
  try {
    return (await fs.stat(abs)).isFile();
  } catch {
    return false;
  }
}

/**
 * Hashed build files (immutable: a new build writes new names) from memory: the file and its
 * `.gz`/`.br` siblings are read once and sent without touching the disk again. Only the types
 * below, files up to `MEMORY_FILE_MAX`, `MEMORY_TOTAL_MAX` in all (then from disk as before).
 */
const MEMORY_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
const MEMORY_FILE_MAX = 4 * 1024 * 1024;
const MEMORY_TOTAL_MAX = 96 * 1024 * 1024;

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

/** A file below `root` with `cacheControl`; a missing one is a plain 404 without it (never kept long). */
async function sendFileIfThere(reply: FastifyReply, root: string, file: string, cacheControl: string) {
  if (!(await isFileInside(root, file))) throw new NotFoundError('Datei nicht gefunden');
  reply.header('cache-control', cacheControl);
  return reply.sendFile(file, root);
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Media from the database kept in memory (immutable names; a season has a few dozen). */
const MEDIA_MEMORY_MAX = 32 * 1024 * 1024;

export const webRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  releases: ReleaseReader;
  /** The published result files (the standings' and clubs' previews read them). */
  resultFiles: { get(name: string): Promise<ResultFile> };
  fast?: FastAnswers | null;
}> = async (app, { ctx, releases, resultFiles, fast }) => {
  const { config } = ctx;
  const web = webPaths(config);
  const data = dataPaths(config);
  tagRoutes(app, 'web');

  await app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    dotfiles: 'ignore',
  });

  // Hashed host files in memory, by request path (null: looked at, not kept).
  const memoryFiles = new Map<string, MemoryFile | null>();
  let memoryBytes = 0;
  async function memoryFile(decoded: string): Promise<MemoryFile | null | undefined> {
    if (memoryFiles.has(decoded)) return memoryFiles.get(decoded);
    const type = MEMORY_TYPES[path.extname(decoded).toLowerCase()];
    if (!type || cacheControlFor(decoded) !== CACHE_IMMUTABLE || !(await isFileInside(web.host, decoded))) return undefined;
    const abs = path.resolve(web.host, `.${decoded}`);
    const stat = await fs.stat(abs);
    if (stat.size > MEMORY_FILE_MAX || memoryBytes + stat.size > MEMORY_TOTAL_MAX || memoryFiles.size >= 10_000) {
      memoryFiles.set(decoded, null);
      return null;
    }
    const [raw, gzip, br] = await Promise.all([fs.readFile(abs), readIfFile(`${abs}.gz`), readIfFile(`${abs}.br`)]);
    // Precompressed by the build (a file without siblings is sent as it is).
    const file = await prepareMemoryFile(raw, type, stat.mtime, { gzip, br, compress: false });
    memoryBytes += raw.length + (gzip?.length ?? 0) + (br?.length ?? 0);
    memoryFiles.set(decoded, file);
    return file;
  }

  // A hashed host file already in memory is answered before Fastify's routing (http/fast-answers.ts),
  // the way the route below answers it. Not its bytes as they are to a client that accepts some
  // encoding: @fastify/compress may compress those (deflate) on the route.
  const robots = ['x-robots-tag', 'noindex'];
  fast?.add('/', (path, headers) => {
    const file = memoryFiles.get(path);
    if (!file) return undefined;
    const representation = chooseMemoryFileAnswer(file, CACHE_IMMUTABLE, headers);
    if (representation.status === 200 && !representation.headers['content-encoding'] && headers['accept-encoding'] !== undefined)
      return undefined;
    return { route: '/*', representation, extra: isBackofficeRoute(path) || BACKOFFICE_FILE.test(path) ? robots : undefined };
  });

  // The app shell and the back-office page, re-read when the file changes (a new host build needs no
  // restart), with its slots filled and, where it has inline scripts (the age gate's consent script),
  // its own Content-Security-Policy allowing exactly those.
  const pages = new Map<string, ServedPage & { mtimeMs: number }>();
  async function readPage(name: typeof SHELL | typeof BACKOFFICE_PAGE): Promise<ServedPage | null> {
    const file = path.join(web.host, name);
    try {
      const stat = await fs.stat(file);
      let page = pages.get(name);
      if (!page || page.mtimeMs !== stat.mtimeMs) {
        page = { mtimeMs: stat.mtimeMs, ...servedPage(await fs.readFile(file, 'utf8'), config) };
        pages.set(name, page);
      }
      return page;
    } catch {
      return null;
    }
  }

  const preloads = createPreloadHints({
    config,
    hostDir: web.host,
    remoteDir: web.remote,
    remotesDataDir: data.remotes,
    releases,
    feed: ctx.changes ?? null,
    spaceData: () => getSpaceData({ ctx, input: { spaceId: config.spaceId } }),
    now: ctx.now,
  });

  const previews = createPreviews({ ctx, resultFile: resultFiles.get });
  const appPages = createAppPages({ feed: ctx.changes ?? null, now: ctx.now, previews, preloads, config });

  const media: MediaStore = ctx.media;
  const mediaMemory = createMemoryFiles({ maxBytes: MEDIA_MEMORY_MAX });
  const legacyMedia = media.kind === 'database' ? createLocalMediaStore(data.media) : null;
  // The media files' routes take and answer the contracts' zod schemas, in a scope of their own (the
  // static routes below keep theirs).
  await app.register(async (scope) => {
    const r = zodRoutes(scope);
    r.get(
      '/media/:name',
      {
        schema: {
          summary: 'An imported image (season assets, challenge pictures, logos), immutable',
          params: mediaNameParamsSchema,
          response: { 200: file('image/*', 'The image'), 404: zodErrorSchema },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        if (!MEDIA_NAME.test(name)) throw new NotFoundError('Datei nicht gefunden');
        if (media.kind === 'folder') return sendFileIfThere(reply, data.media, name, CACHE_IMMUTABLE);
        // Stored by any instance; not found is not kept (it may be stored a moment later).
        const file = await mediaMemory.get(name, async () => {
          const found = (await media.get(name)) ?? (await legacyMedia?.get(name)) ?? null;
          return found && prepareMemoryFile(found.data, found.contentType, found.createdAt);
        });
        if (!file) throw new NotFoundError('Datei nicht gefunden');
        return sendMemoryFile(request, reply, file, CACHE_IMMUTABLE);
      },
    );

    // Processed pictures of the embedded default (modules/uploads; in S3 mode they are in the bucket).
    if (!config.s3) {
      r.get(
        '/media/uploads/:name',
        {
          schema: {
            summary: 'A processed club picture (embedded storage), immutable',
            params: mediaNameParamsSchema,
            response: { 200: file('image/*', 'The picture'), 404: zodErrorSchema },
          },
        },
        async (request, reply) => {
          if (!UPLOAD_FILE_NAME.test(request.params.name)) throw new NotFoundError('Datei nicht gefunden');
          reply.header('x-content-type-options', 'nosniff');
          return sendFileIfThere(reply, data.uploads, request.params.name, CACHE_IMMUTABLE);
        },
      );
    }
  });

  const remoteParams = {
    type: 'object',
    required: ['remote'],
    properties: { remote: { type: 'string' }, '*': { type: 'string' } },
  } as const;
  const remoteSchema = staticSchema('A file of a remote’s live build or of one of its releases', remoteParams, 'application/javascript');
  app.get<{ Params: { remote: string; '*': string } }>('/remotes/:remote/*', { schema: remoteSchema }, async (request, reply) => {
    const name = SERVED_REMOTE_NAMES.find((n) => n === request.params.remote) as ServedRemoteName | undefined;
    const rest = request.params['*'];
    if (!name || !rest) throw new NotFoundError('Datei nicht gefunden');
    const slash = rest.indexOf('/');
    const first = slash === -1 ? rest : rest.slice(0, slash);
    if (releases.kind === 'database') {
      let id: string;
      let file: string;
      let cacheControl: string;
      if (slash !== -1 && (await releases.isRelease(name, first))) {
        id = first;
        file = rest.slice(slash + 1);
        cacheControl = cacheControlFor(file, { inReleaseFolder: true });
      } else {
        const live = await releases.live(name);
        if (!live) return sendWorkspaceFile(reply, name, rest);
        id = live.release;
        file = rest;
        cacheControl = cacheControlFor(file);
      }
      const found = await releases.file(name, id, file);
      if (!found) throw new NotFoundError('Datei nicht gefunden');
      return sendMemoryFile(request, reply, found, cacheControl);
    }
    if (slash !== -1 && (await isReleaseDir(data.remotes, name, first))) {
      const file = rest.slice(slash + 1);
      return sendFileIfThere(reply, path.join(data.remotes, name, first), file, cacheControlFor(file, { inReleaseFolder: true }));
    }
    const live = await releases.live(name);
    if (!live) return sendWorkspaceFile(reply, name, rest);
    const root = releaseDir(data.remotes, name, live.release);
    if (!(await isDir(root))) return unavailable(reply);
    return sendFileIfThere(reply, root, rest, cacheControlFor(rest));
  });

  /** A remote's workspace build (no release published). */
  async function sendWorkspaceFile(reply: FastifyReply, name: ServedRemoteName, file: string) {
    const root = web.remote(name);
    if (!(await isDir(root))) return unavailable(reply);
    return sendFileIfThere(reply, root, file, cacheControlFor(file));
  }

  const reserved = ['/api/', `${config.contentApiBase}/`, '/results/', '/remotes/', '/media/', '/share/'];
  if (config.identity.endpoint.startsWith('/')) reserved.push(config.identity.endpoint);

  const pageSchema = staticSchema(
    'The app’s pages and the host build’s files',
    { type: 'object', properties: { '*': { type: 'string' } } },
    'text/html',
  );
  app.get('/*', { schema: pageSchema }, async (request, reply) => {
    const rawPath = pathOf(request.url);
    if (reserved.some((prefix) => rawPath === prefix.replace(/\/$/, '') || rawPath.startsWith(prefix))) {
      throw new NotFoundError('Nicht gefunden');
    }
    const decoded = safeDecode(rawPath);
    // The back office (its page and its files) is never indexed, whatever a link to it says.
    if (isBackofficeRoute(rawPath) || BACKOFFICE_FILE.test(rawPath)) reply.header('x-robots-tag', 'noindex');
    // A hashed build file: from memory (a range request is left to the file sender).
    if (decoded && !request.headers.range) {
      const file = memoryFiles.get(decoded) ?? (await memoryFile(decoded));
      if (file) return sendMemoryFile(request, reply, file, CACHE_IMMUTABLE);
    }
    if (!(await isDir(web.host))) return unavailable(reply);

    // A file of the host build?
    if (decoded && decoded !== '/' && !decoded.endsWith('/') && (await isFileInside(web.host, decoded))) {
      reply.header('cache-control', cacheControlFor(decoded));
      return reply.sendFile(decoded.slice(1), web.host);
    }
    // Something that looks like a file but is none: a plain 404, not the app.
    const last = rawPath.slice(rawPath.lastIndexOf('/') + 1);
    if (!isAppRoute(rawPath) && /\.[A-Za-z0-9]{1,8}$/.test(last)) throw new NotFoundError('Datei nicht gefunden');

    if (isBackofficeRoute(rawPath)) {
      const page = await readPage(BACKOFFICE_PAGE);
      if (page === null) return unavailable(reply);
      if (page.csp) reply.header('content-security-policy', page.csp);
      return reply.code(200).header('cache-control', CACHE_HTML).type('text/html; charset=utf-8').send(page.html);
    }

    const shell = await readPage(SHELL);
    if (shell === null) return unavailable(reply);
    let page: ServedAppPage;
    try {
      page = await appPages.get(rawPath, shell, request.log, request.query);
    } catch (error) {
      // The database is down: serve the app with the site's head, it shows its own error handling.
      request.log.error({ err: error }, 'the head of a page could not be worked out');
      page = {
        html: await preloads.page(rawPath, shell.html, request.log),
        etag: null,
        encoded: null,
        status: isAppRoute(rawPath) ? 200 : 404,
        target: null,
      };
    }
    // A link-preview crawler fetching a shared entry or club page: counted for the reach figures (issue 23).
    if (page.status === 200 && page.target && isLinkPreviewCrawler(request.headers['user-agent'])) {
      void recordPreview({
        ctx,
        input: { target: page.target, channel: reachChannelOf((request.query as Record<string, unknown> | undefined)?.[SHARE_VIA_PARAM]) },
      });
    }
    if (shell.csp) reply.header('content-security-policy', shell.csp);
    reply.code(page.status).header('cache-control', CACHE_HTML).type('text/html; charset=utf-8');
    // An operator's preview of a season (issue 26): the page is this browser's alone, kept by no cache.
    if (request.cookies[PREVIEW_COOKIE] !== undefined && previewYearOf(request, ctx.secret, ctx.now())) {
      return reply.header('cache-control', PREVIEW_CACHE_CONTROL).send(page.html);
    }
    if (page.etag) {
      reply.header('etag', page.etag);
      // (notModified compares the tags without their weak marker.)
      if (page.status === 200 && notModified(request, { etag: page.etag.slice(2), lastModified: null })) return reply.code(304).send();
    }
    const encoding = page.encoded ? encodingFor(request.headers['accept-encoding']) : null;
    if (encoding && page.encoded)
      return reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding').send(page.encoded[encoding]);
    return reply.send(page.html);
  });
};
