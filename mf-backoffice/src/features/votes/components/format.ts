import { TEAM_LABELS } from '@erd/shared-contracts';
import type { VoteEntryDto } from '@erd/shared-contracts/backoffice';

/** The first characters of an address hash, enough to tell addresses apart on screen ('a1b2c3d4…'). */
export function shortHash(ipHash: string): string {
  return ipHash.length > 10 ? `${ipHash.slice(0, 8)}…` : ipHash;
}

/** 'TSV Eching (Herren)'. */
export function clubOf(entry: Pick<VoteEntryDto, 'club'>): string {
  return `${entry.club.clubname} (${TEAM_LABELS[entry.club.team] ?? entry.club.team})`;
}

/** '1 Stimme' / '12 Stimmen'. */
export function votesLabel(n: number): string {
  return n === 1 ? '1 Stimme' : `${n.toLocaleString('de-DE')} Stimmen`;
}

/** The entry in a few words: the slogan, or 'Bild'. */
export function entrySummary(entry: Pick<VoteEntryDto, 'objectTypeId' | 'slogan'>): string {
  if (entry.objectTypeId === 'bfv-erd-picture-participation') return 'Bild';
  const slogan = entry.slogan ?? '';
  return slogan.length > 80 ? `„${slogan.slice(0, 79)}…“` : `„${slogan}“`;
}
