import { entryPaths, type ParticipationDto, type SavedParticipationDto } from '@erd/shared-contracts';
import { apiClient } from '../../../api/http';

/** What the forms send: the estimate already read as a number (the server would also take '4.500'). */
export type EntryInput = { estimate: number } | { slogan: string } | { picture: string };

/**
 * PUT /api/challenge/particpation/{challengeId} with `{ estimate }`, `{ slogan }` or `{ picture }`
 * (spec §7). Answers the saved entry; if the server answered without one, the entry as it now
 * stands (unpublished) is assumed.
 */
export async function saveParticipation(challengeId: string, input: EntryInput): Promise<ParticipationDto> {
  const http = await apiClient({ member: true });
  const { data } = await http.put<SavedParticipationDto | null>(entryPaths.participation(challengeId), input);
  if (data && typeof data === 'object' && '_id' in data) return data;
  return assumedEntry(challengeId, input);
}

function assumedEntry(challengeId: string, input: EntryInput): ParticipationDto {
  const objectTypeId =
    'slogan' in input
      ? 'bfv-erd-text-participation'
      : 'picture' in input
        ? 'bfv-erd-picture-participation'
        : 'bfv-erd-estimate-participation';
  return {
    _id: '',
    sys: { id: '', objectTypeId },
    createdAt: new Date().toISOString(),
    publishedAt: [],
    fields: {
      challenge: { id: challengeId, linkType: 'Object', type: 'Link' },
      club: { id: '', linkType: 'Object', type: 'Link' },
      ...('estimate' in input ? { estimate: input.estimate } : {}),
      ...('slogan' in input ? { slogan: input.slogan } : {}),
    },
  };
}
