import { resolveServiceUrl } from '@erd/shared-contracts';

/**
 * A logo or picture URL from a results file or a club, resolved against our server (relative
 * `/media/…` paths too, also when embedded on another site); '' for anything that is not a web
 * address, so it is never put into an `src`.
 */
export function mediaUrl(value: string | undefined | null): string {
  const trimmed = value?.trim();
  if (!trimmed) return '';
  try {
    const url = new URL(resolveServiceUrl(trimmed));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}
