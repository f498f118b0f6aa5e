import { useCallback, useEffect, useState } from 'react';
import { entryPaths, isRejectedEntry, type MyParticipationDto, type OwnEntryAnswerDto } from '@erd/shared-contracts';
import { apiClient } from '../../../api/http';

/**
 * The club's own entry of a challenge as the challenge card shows it (issue 24): GET
 * /api/challenge/particpation/{challengeId}?include=rejection answers the entry (with its state),
 * or, while the club has none and an operator rejected its last one, that rejection with the reason,
 * or null. A failed call gives null, as the spec's call does (§7).
 */
export async function getOwnEntry(challengeId: string): Promise<OwnEntryAnswerDto> {
  try {
    const http = await apiClient({ member: true });
    const { data } = await http.get<OwnEntryAnswerDto>(entryPaths.participationWithRejection(challengeId));
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

export type OwnEntryState = { status: 'loading' } | { status: 'ready'; answer: OwnEntryAnswerDto };

/** The own entry while a member looks at the card; `set` replaces it after a save, `reload` asks again. */
export function useOwnEntry(challengeId: string) {
  const [state, setState] = useState<OwnEntryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    void getOwnEntry(challengeId).then((answer) => {
      if (active) setState({ status: 'ready', answer });
    });
    return () => {
      active = false;
    };
  }, [challengeId, attempt]);

  const set = useCallback((answer: OwnEntryAnswerDto) => setState({ status: 'ready', answer }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const entry: MyParticipationDto = state.status === 'ready' && !isRejectedEntry(state.answer) ? state.answer : null;
  const rejection = state.status === 'ready' && isRejectedEntry(state.answer) ? state.answer : null;
  return { status: state.status, entry, rejection, set, reload };
}
