import { isShareChannel, SHARE_VIA_PARAM, type ShareChannel } from './share.js';
import { storageKeys } from './storage-keys.js';

/**
 * A page opened through a share link (issue 23), the part the entry page and the club page share:
 * the channel of `?via=` (only a known one), kept for this browser session in `sessionStorage`
 * (no cookie) so that the votes that follow carry it, and the address without it. Storage is only
 * touched when called (the server imports this module too); a browser that refuses storage
 * (private mode, blocked site data) keeps nothing and is no error.
 */

/** The channel `search` (a URL's `?…`) names, or null when it names none or an unknown one. */
export function shareViaOf(search: string): ShareChannel | null {
  const via = new URLSearchParams(search).get(SHARE_VIA_PARAM);
  return isShareChannel(via) ? via : null;
}

/** `search` without `via`, other parameters kept: `?a=1` or ''. */
export function searchWithoutVia(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SHARE_VIA_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Keeps the channel for the votes of this browser session. */
export function rememberShareVia(via: ShareChannel): void {
  try {
    sessionStorage.setItem(storageKeys.shareVia, via);
  } catch {
    // No storage: the votes go without it.
  }
}

/** The channel this browser session came in through, if any (what a vote sends as `via`). */
export function rememberedShareVia(): ShareChannel | undefined {
  try {
    const via = sessionStorage.getItem(storageKeys.shareVia);
    return isShareChannel(via) ? via : undefined;
  } catch {
    return undefined;
  }
}

/** WhatsApp's own link that opens a chat picker with `text` filled in. */
export const whatsAppHref = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
