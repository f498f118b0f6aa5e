import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ServerConfig } from '../config.js';

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that the site's own
 * code needs and nothing more, `X-Content-Type-Options: nosniff`, no framing (`frame-ancestors
 * 'none'`, `X-Frame-Options: DENY`: the sponsor embeds a script, not a frame), `Referrer-Policy`,
 * HSTS when the public address is https. Paths other sites read (the embed script, remotes,
 * media, result files, the content API, `/config.json`) answer `Cross-Origin-Resource-Policy:
 * cross-origin` (see `security.ts`); everything else `same-origin`.
 *
 * What the policy allows, and why:
 * - scripts and workers only from this origin: the host, the remotes (`/remotes/…`, also releases)
 *   and the ALTCHA worker are files of ours; no eval, and no inline script except the host page's
 *   own, allowed on that page by its hash (`pageContentSecurityPolicy`, decision 0014);
 * - styles from this origin and inline: emotion writes `<style>` elements at run time;
 * - images from this origin, `data:`/`blob:` (icons, the picture preview) and any https address (club
 *   logos may be on the clubs' own sites; an image cannot run code);
 * - connections to this origin plus, where configured, the Cognito endpoint and the S3 bucket the
 *   browser uploads pictures to (presigned POST).
 */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'identity' | 's3' | 'publicUrl' | 'contentApiBase'>,
): Record<string, string[]> {
  const connect = new Set(["'self'"]);
  const originOf = (value: string | null | undefined) => {
    if (!value || !/^https?:\/\//.test(value)) return null;
    return new URL(value).origin;
  };
  const identity = originOf(config.identity.endpoint);
  if (identity) connect.add(identity);
  const contentApi = originOf(config.contentApiBase);
  if (contentApi) connect.add(contentApi);
  if (config.s3) {
    const endpoint = originOf(config.s3.endpoint);
    if (endpoint) {
      connect.add(endpoint);
      // Virtual-hosted style on a custom endpoint: https://<bucket>.<endpoint host>.
      if (!config.s3.forcePathStyle) connect.add(`${new URL(endpoint).protocol}//${config.s3.bucket}.${new URL(endpoint).host}`);
    } else {
      connect.add(`https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`);
      connect.add(`https://s3.${config.s3.region}.amazonaws.com`);
    }
  }
  const https = config.publicUrl.startsWith('https:');
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [...connect],
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** The header set helmet writes for these options: the same on every answer, so computed once. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string | number | readonly string[]][] {
  const headers = new Map<string, string | number | readonly string[]>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, value);
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * helmet's headers on every answer. They depend on the configuration only, so they are computed
 * once at start and set by one hook (`@fastify/helmet` built the whole middleware, CSP parsing
 * included, again on every request: ~10 % of the CPU of a static file's answer).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The security headers of every answer (name, value), as helmet writes them for this configuration. */
export function securityHeaders(config: ServerConfig): [string, string | number | readonly string[]][] {
  const https = config.publicUrl.startsWith('https:');
  return helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over TLS (a plain-http staging or laptop must not pin it).
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/**
 * The Content-Security-Policy of a page that carries inline scripts of its own (the host page's
 * consent script, host/src/shell/gate-shell.tsx): the policy of every answer, with exactly those
 * scripts allowed by their SHA-256 (`'sha256-…'`); still no other inline script, no eval.
 */
export function pageContentSecurityPolicy(config: Parameters<typeof contentSecurityPolicy>[0], inlineScripts: readonly string[]): string {
  const directives = contentSecurityPolicy(config);
  const hashes = inlineScripts.map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, scriptSrc: [...directives.scriptSrc!, ...hashes] } },
  });
  const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy');
  if (!csp) throw new Error('helmet wrote no Content-Security-Policy');
  return String(csp[1]);
}

/**
 * `cache-control: value` on every answer of the plugin scope `app` (a handler may still set its
 * own): `no-store` for public calls whose answer changes with each request, `private, no-store` for
 * a member's own data.
 */
export function scopeCacheControl(app: FastifyInstance, value: 'no-store' | 'private, no-store'): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', value);
  });
}
