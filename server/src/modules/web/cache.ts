/** Cache-Control values of the static files and the HTML app shell. */

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
/** Spec §9 "server rendering cache". */
export const CACHE_HTML = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400, stale-if-error=86400';

/** `main.3fa2b1c0.js`, `123.0a1b2c3d4e.css`, `vendors-react.deadbeef.js`: a content hash of 8+ hex digits. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Hashed build files never change (immutable); everything else (entries, manifests) is revalidated. */
export function cacheControlFor(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1).replace(/\.(br|gz)$/i, '');
  return HASHED_NAME.test(base) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}
