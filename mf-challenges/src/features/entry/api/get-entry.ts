import { useEffect, useState } from 'react';
import { contentApi, getRuntimeConfig, isApiError, isPublished, type ParticipationDto } from '@erd/shared-contracts';
import { getMyParticipation } from '../../../api/my-participation';

export type EntryState =
  | { status: 'loading' }
  /** `pending`: the club's own entry, not yet published (only its owner sees it). */
  | { status: 'ready'; entry: ParticipationDto; pending: boolean }
  /** Not found, and the challenge has no published entries at all yet. */
  | { status: 'empty' }
  | { status: 'not-found' };

const isEntryOf = (entry: ParticipationDto | null | undefined, challengeId: string): entry is ParticipationDto =>
  !!entry &&
  (entry.sys?.objectTypeId === 'bfv-erd-text-participation' || entry.sys?.objectTypeId === 'bfv-erd-picture-participation') &&
  entry.fields?.challenge?.id === challengeId;

/**
 * One entry of a vote challenge (spec §2 single participation view):
 * 1. the published entry from the content API (GET {base}/public/spaces/{spaceId}/objects/{id}?include=1);
 * 2. failing that, for a member, the club's own entry from GET /api/challenge/particpation/{challengeId},
 *    so the owner sees an entry that is not published yet;
 * 3. otherwise: not found, unless the challenge has no published entries at all ('Noch ist es still...').
 * An entry of another challenge is not found here. Any other failure is the 404 screen (spec §8).
 */
export async function loadEntry(
  challengeId: string,
  participationId: string,
  member: boolean,
): Promise<Exclude<EntryState, { status: 'loading' }>> {
  let failure: unknown = null;
  try {
    const entry = await contentApi().getObject<ParticipationDto>(participationId);
    if (isEntryOf(entry, challengeId)) return { status: 'ready', entry, pending: false };
  } catch (error) {
    failure = error;
  }
  if (member) {
    const own = await getMyParticipation(challengeId);
    if (isEntryOf(own, challengeId) && own._id === participationId) {
      return { status: 'ready', entry: own, pending: !isPublished(own, getRuntimeConfig().contentApi.spaceId) };
    }
  }
  if (isApiError(failure) && failure.isNotFound) {
    const page = await contentApi().searchParticipations(challengeId, 0, 1);
    if (page.total === 0 && page.items.length === 0) return { status: 'empty' };
  }
  return { status: 'not-found' };
}

export function useEntry(challengeId: string, participationId: string, member: boolean): EntryState {
  const [state, setState] = useState<EntryState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    void loadEntry(challengeId, participationId, member).then((next) => {
      if (active) setState(next);
    });
    return () => {
      active = false;
    };
  }, [challengeId, participationId, member]);
  return state;
}
