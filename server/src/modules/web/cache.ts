/** Cache-Control values of the static files and the HTML app shell. */

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
/** Spec §9 "server rendering cache". */
export const CACHE_HTML = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400, stale-if-error=86400';

/**
 * `main.3fa2b1c0.js`, `123.0a1b2c3d4e.css`, `vendors-react.deadbeef.js`, `mf-runtime.0a1b2c3d.js`: a
 * content hash of 8+ hex digits before the extension; also the files named after a hashed one
 * (`470.761800c5.js.map`, `470.761800c5.js.LICENSE.txt`).
 */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map|\.LICENSE\.txt)?$/i;

export interface CacheControlOptions {
  /**
   * The file is addressed inside a remote's release folder (`/remotes/<name>/<releaseId>/…`): a
   * release folder is written once under a new id and never changed, so even its stable-named entry
   * files (`mf-manifest.json`, `remoteEntry.js`) never change at that address. What stays fresh is
   * the pointer to the live release (/config.json and the release-less `/remotes/<name>/…` paths).
   */
  inReleaseFolder?: boolean;
}

/**
 * Hashed build files never change (immutable); everything else (entries, manifests) is revalidated,
 * unless it is addressed inside a release folder.
 */
export function cacheControlFor(fileName: string, { inReleaseFolder = false }: CacheControlOptions = {}): string {
  if (inReleaseFolder) return CACHE_IMMUTABLE;
  const base = fileName.slice(fileName.lastIndexOf('/') + 1).replace(/\.(br|gz)$/i, '');
  return HASHED_NAME.test(base) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}
