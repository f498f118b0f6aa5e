import { MAGIC_LINK_PARAM, type MagicLinkDto } from '@erd/shared-contracts';

/**
 * Spec §4 magic link: `?MAGIC_LINK=<base64url(JSON {email, challengeAnswer})>`. A malformed value
 * (not base64, not JSON, fields missing or not strings) yields null.
 */
export function decodeMagicLink(value: string | null | undefined): MagicLinkDto | null {
  if (!value) return null;
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!parsed || typeof parsed !== 'object') return null;
    const { email, challengeAnswer } = parsed as Record<string, unknown>;
    if (typeof email !== 'string' || typeof challengeAnswer !== 'string' || !email || !challengeAnswer) return null;
    return { email, challengeAnswer };
  } catch {
    return null;
  }
}

/** Encodes a magic link value (tests, and anyone building such a link). */
export function encodeMagicLink(link: MagicLinkDto): string {
  const bytes = new TextEncoder().encode(JSON.stringify(link));
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The magic link of a query string, and the query string without it. */
export function takeMagicLink(search: string): { link: MagicLinkDto | null; present: boolean; rest: string } {
  const params = new URLSearchParams(search);
  const present = params.has(MAGIC_LINK_PARAM);
  const link = decodeMagicLink(params.get(MAGIC_LINK_PARAM));
  params.delete(MAGIC_LINK_PARAM);
  const rest = params.toString();
  return { link, present, rest: rest ? `?${rest}` : '' };
}
