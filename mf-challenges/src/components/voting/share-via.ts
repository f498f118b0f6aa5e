import { isShareChannel, storageKeys, type ShareChannel } from '@erd/shared-contracts';

/**
 * The share channel this browser session came in through (`?via=`, issue 23; kept in
 * `sessionStorage`, no cookie, by the share arrival), which a vote sends as `via`. A browser that
 * refuses storage (blocked site data) has none.
 */
export function rememberedShareVia(): ShareChannel | undefined {
  try {
    const via = sessionStorage.getItem(storageKeys.shareVia);
    return isShareChannel(via) ? via : undefined;
  } catch {
    return undefined;
  }
}
