import { isShareChannel, SHARE_VIA_PARAM, storageKeys, type ShareChannel } from '@erd/shared-contracts';

/**
 * The share channel a page was opened through (`?via=`, issue 23), kept for this browser session
 * in `sessionStorage` (no cookie) so that the votes that follow carry it. A browser that refuses
 * storage (blocked site data) keeps nothing and is no error.
 */

/** The channel `search` (a URL's `?…`) names, or null when it names none or an unknown one. */
export function shareViaOf(search: string): ShareChannel | null {
  const via = new URLSearchParams(search).get(SHARE_VIA_PARAM);
  return isShareChannel(via) ? via : null;
}

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
