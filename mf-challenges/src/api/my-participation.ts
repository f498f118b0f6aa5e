import { useCallback, useEffect, useState } from 'react';
import { entryPaths, type MyParticipationDto } from '@erd/shared-contracts';
import { apiClient } from './http';

/**
 * GET /api/challenge/particpation/{challengeId} (logged in): the club's own entry, published or
 * not, or null when there is none. A failed call also gives null (spec §7).
 */
export async function getMyParticipation(challengeId: string): Promise<MyParticipationDto> {
  try {
    const http = await apiClient({ member: true });
    const { data } = await http.get<MyParticipationDto>(entryPaths.participation(challengeId));
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

export type MyParticipationState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; participation: MyParticipationDto };

/**
 * The own entry of a challenge while `enabled` (a member is logged in); `set` replaces it after a
 * save, `reload` asks the server again.
 */
export function useMyParticipation(challengeId: string, enabled: boolean) {
  const [state, setState] = useState<MyParticipationState>({ status: enabled ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    void getMyParticipation(challengeId).then((participation) => {
      if (active) setState({ status: 'ready', participation });
    });
    return () => {
      active = false;
    };
  }, [challengeId, enabled, attempt]);

  const set = useCallback((participation: MyParticipationDto) => setState({ status: 'ready', participation }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, set, reload };
}
