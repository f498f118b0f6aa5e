import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { isBackofficeRoute } from '@erd/shared-contracts/backoffice';
import { isAppRoute } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { dataPaths, SERVED_REMOTE_NAMES, webPaths, type ServedRemoteName } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { errorSchema } from '../../http/schemas.js';
import { ensureXsrfCookie, pathOf } from '../../http/security.js';
import { clubExists } from '../content/service.js';
import { MEDIA_NAME } from '../media/store.js';
import { UPLOAD_FILE_NAME } from '../uploads/storage.js';
import { isReleaseDir, readCurrentRelease, releaseDir } from '../releases/service.js';
import { encodingFor } from '../cache/http.js';
import { CACHE_HTML, CACHE_IMMUTABLE, cacheControlFor } from './cache.js';

/**
 * Static files and the HTML app shell:
 * - `/remotes/<name>/<releaseId>/…` from `${DATA_DIR}/remotes/<name>/<releaseId>/` (a release);
 *   `/remotes/<name>/…` from the live release when one was published, else from
 *   `<webRoot>/<mf-dir>/dist/` (the workspace build). That stable path is what a sponsor's page
 *   embeds (`/remotes/mf_standings/embed.js`), so it follows releases;
 * - `/media/<name>` from `${DATA_DIR}/media/` (immutable);
 * - `/media/uploads/<name>` from `${DATA_DIR}/uploads/` (processed pictures, immutable);
 * - `/backoffice` and everything below it: the host's back-office page (`backoffice.html`, its own
 *   entry: nothing of the back office is on the public pages) with 200 and `X-Robots-Tag: noindex`;
 * - any other GET: a file of `<webRoot>/host/dist/` if there is one, else the host's index.html —
 *   200 for the app's routes, 404 for everything else (the app shows its 404 screen).
 * Precompressed `.br`/`.gz` siblings are served when the client accepts them.
 */

const UNAVAILABLE_TEXT =
  'Die Seite wird gerade vorbereitet und ist gleich wieder da. Bitte versuche es in ein paar Minuten noch einmal.';

/** The host's pages: the public site's shell, and the back office's (its own entry, `noindex`). */
const SHELL = 'index.html';
const BACKOFFICE_PAGE = 'backoffice.html';
/** The back-office page's own files in the host build (`/backoffice.html`, `/backoffice.js`, …). */
const BACKOFFICE_FILE = /^\/backoffice\.[^/]+$/;

const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 80 } } } as const;
const file = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } }) as const;
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

interface MemoryFile {
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  type: string;
  etag: string;
  lastModified: string;
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

function memoryFileNotModified(request: FastifyRequest, file: MemoryFile): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string') return inm.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*');
  const ims = request.headers['if-modified-since'];
  return typeof ims === 'string' && Date.parse(ims) >= Date.parse(file.lastModified);
}

function sendMemoryFile(request: FastifyRequest, reply: FastifyReply, file: MemoryFile): FastifyReply {
  reply.header('cache-control', CACHE_IMMUTABLE).header('etag', file.etag).header('last-modified', file.lastModified).header('vary', 'accept-encoding');
  if (memoryFileNotModified(request, file)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  const body = encoding === 'br' && file.br ? file.br : encoding && file.gzip ? file.gzip : file.raw;
  if (body === file.br) reply.header('content-encoding', 'br');
  else if (body === file.gzip) reply.header('content-encoding', 'gzip');
  return reply.type(file.type).send(body);
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export const webRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
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
    const file: MemoryFile = {
      raw,
      gzip,
      br,
      type,
      etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`,
      lastModified: stat.mtime.toUTCString(),
    };
    memoryBytes += raw.length + (gzip?.length ?? 0) + (br?.length ?? 0);
    memoryFiles.set(decoded, file);
    return file;
  }

  // The app shell and the back-office page, re-read when the file changes (a new host build needs no restart).
  const pages = new Map<string, { mtimeMs: number; html: string }>();
  async function readPage(name: typeof SHELL | typeof BACKOFFICE_PAGE): Promise<string | null> {
    const file = path.join(web.host, name);
    try {
      const stat = await fs.stat(file);
      let page = pages.get(name);
      if (!page || page.mtimeMs !== stat.mtimeMs) {
        page = { mtimeMs: stat.mtimeMs, html: await fs.readFile(file, 'utf8') };
        pages.set(name, page);
      }
      return page.html;
    } catch {
      return null;
    }
  }

  app.get<{ Params: { name: string } }>(
    '/media/:name',
    { schema: { summary: 'An imported image (season assets, challenge pictures, logos), immutable', params: nameParams, response: { 200: file('image/*', 'The image'), 404: errorSchema } } },
    async (request, reply) => {
      if (!MEDIA_NAME.test(request.params.name)) throw new NotFoundError('Datei nicht gefunden');
      reply.header('cache-control', CACHE_IMMUTABLE);
      return reply.sendFile(request.params.name, data.media);
    },
  );

  // Processed pictures of the embedded default (modules/uploads; in S3 mode they are in the bucket).
  if (!config.s3) {
    app.get<{ Params: { name: string } }>(
      '/media/uploads/:name',
      {
        schema: { summary: 'A processed club picture (embedded storage), immutable', params: nameParams, response: { 200: file('image/*', 'The picture'), 404: errorSchema } },
      },
      async (request, reply) => {
        if (!UPLOAD_FILE_NAME.test(request.params.name)) throw new NotFoundError('Datei nicht gefunden');
        reply.header('cache-control', CACHE_IMMUTABLE).header('x-content-type-options', 'nosniff');
        return reply.sendFile(request.params.name, data.uploads);
      },
    );
  }

  const remoteParams = { type: 'object', required: ['remote'], properties: { remote: { type: 'string' }, '*': { type: 'string' } } } as const;
  const remoteSchema = staticSchema('A file of a remote’s live build or of one of its releases', remoteParams, 'application/javascript');
  app.get<{ Params: { remote: string; '*': string } }>('/remotes/:remote/*', { schema: remoteSchema }, async (request, reply) => {
    const name = SERVED_REMOTE_NAMES.find((n) => n === request.params.remote) as ServedRemoteName | undefined;
    const rest = request.params['*'];
    if (!name || !rest) throw new NotFoundError('Datei nicht gefunden');
    const slash = rest.indexOf('/');
    const first = slash === -1 ? rest : rest.slice(0, slash);
    let root: string;
    let file: string;
    if (slash !== -1 && (await isReleaseDir(data.remotes, name, first))) {
      root = path.join(data.remotes, name, first);
      file = rest.slice(slash + 1);
    } else {
      const live = await readCurrentRelease(data.remotes, name);
      root = live ? releaseDir(data.remotes, name, live.release) : web.remote(name);
      file = rest;
      if (!(await isDir(root))) return unavailable(reply);
    }
    reply.header('cache-control', cacheControlFor(file));
    return reply.sendFile(file, root);
  });

  const reserved = ['/api/', `${config.contentApiBase}/`, '/results/', '/remotes/', '/media/'];
  if (config.identity.endpoint.startsWith('/')) reserved.push(config.identity.endpoint);

  const pageSchema = staticSchema('The app’s pages and the host build’s files', { type: 'object', properties: { '*': { type: 'string' } } }, 'text/html');
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
      if (file) return sendMemoryFile(request, reply, file);
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
      ensureXsrfCookie(request, reply, config);
      return reply.code(200).header('cache-control', CACHE_HTML).type('text/html; charset=utf-8').send(page);
    }

    const html = await readPage(SHELL);
    if (html === null) return unavailable(reply);
    let status = isAppRoute(rawPath) ? 200 : 404;
    const club = /^\/club\/([^/]+)\/?$/.exec(rawPath);
    if (status === 200 && club?.[1]) {
      const id = safeDecode(club[1]);
      try {
        if (!id || !(await clubExists({ ctx, input: { id } }))) status = 404;
      } catch (error) {
        // The database is down: serve the app anyway, it shows its own error handling.
        request.log.error({ err: error }, 'club lookup for the HTML status failed');
      }
    }
    ensureXsrfCookie(request, reply, config);
    return reply.code(status).header('cache-control', CACHE_HTML).type('text/html; charset=utf-8').send(html);
  });
};
