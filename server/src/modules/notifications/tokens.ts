import { hmacHex, safeEqual } from '../../lib/hash.js';
import { isAccountNotificationKind, type AccountNotificationKind } from '@erd/shared-contracts/wire';

/**
 * The one-click unsubscribe token of a club account's mail (issue 25): the account and the kind,
 * signed with the app secret. It needs no table, cannot be forged, and names one account and one
 * kind: it cannot switch off another account's mail or another kind. (A fan's mail carries the
 * random token stored with the fan's row instead, as the newsletter does.)
 */
const PREFIX = 'a';

function mac(secret: string, sub: string, kind: string): string {
  return hmacHex(secret, `notify-unsubscribe:${sub}:${kind}`).slice(0, 32);
}

export function accountUnsubscribeToken(secret: string, sub: string, kind: AccountNotificationKind): string {
  return [PREFIX, Buffer.from(sub, 'utf8').toString('base64url'), kind, mac(secret, sub, kind)].join('.');
}

/** The account and kind of a valid token, else null. */
export function readAccountUnsubscribeToken(secret: string, token: unknown): { sub: string; kind: AccountNotificationKind } | null {
  if (typeof token !== 'string' || token.length > 400) return null;
  const [prefix, encoded, kind, signature, ...rest] = token.split('.');
  if (prefix !== PREFIX || !encoded || !signature || rest.length || !isAccountNotificationKind(kind)) return null;
  const sub = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!sub || !safeEqual(signature, mac(secret, sub, kind))) return null;
  return { sub, kind };
}
