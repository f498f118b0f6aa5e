import {
  entryPaths,
  type ParticipationDto,
  type ParticipationInput,
  type SavedParticipationDto,
} from '@erd/shared-contracts';
import { apiClient } from '../../../api/http';

/**
 * PUT /api/challenge/particpation/{challengeId} with `{ estimate }`, `{ slogan }` or `{ picture }`
 * (spec §7). Answers the saved entry; if the server answered without one, the entry as it now
 * stands (unpublished) is assumed.
 */
export async function saveParticipation(challengeId: string, input: ParticipationInput): Promise<ParticipationDto> {
  const http = await apiClient({ member: true });
  const { data } = await http.put<SavedParticipationDto | null>(entryPaths.participation(challengeId), input);
  if (data && typeof data === 'object' && '_id' in data) return data;
  return assumedEntry(challengeId, input);
}

function assumedEntry(challengeId: string, input: ParticipationInput): ParticipationDto {
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
