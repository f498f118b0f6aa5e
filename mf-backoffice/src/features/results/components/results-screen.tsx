import { css, type Theme } from '@emotion/react';
import { useCallback, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { FormMessage } from '@erd/shared-contracts/forms';
import { ScreenHeader } from '../../../components/screen';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { LoadState, useOperatorData } from '../../../kit';
import { ChallengeResults } from './challenge-results';
import { resultsTexts } from './results-texts';
import { getResultOverview } from '../api/results-api';

export { resultsTexts };

const stateLabels: Record<string, string> = {
  upcoming: 'noch nicht gestartet',
  ongoing: 'läuft',
  submit: 'Einreichung läuft',
  vote: 'Abstimmung läuft',
  finished: 'beendet',
};

/** 'Ergebnisse': per challenge the table as it would be published, the right answer, publishing and the versions. */
export function ResultsScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const [selected, setSelected] = useState<string>('');

  const guard = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 401) signedOut('expired');
    },
    [signedOut],
  );

  const overviewState = useOperatorData('results', () => getResultOverview(), {
    keepPrevious: true,
    // A failed reload after a change keeps the challenges on screen, with the failure above them.
    keepOnError: true,
    passwordChange: false,
    onAnswer: (answer) => setSelected((s) => s || answer.challenges[0]?.challengeId || ''),
  });
  const overview = overviewState.status === 'ready' ? overviewState.data : null;

  return (
    <>
      <ScreenHeader
        title="Ergebnisse"
        intro={
          isAdmin ? 'Vorschau, richtige Antwort und Veröffentlichung je Challenge.' : 'Vorschau und Versionen je Challenge (nur lesen).'
        }
      />
      <LoadState state={overviewState} loading="Ergebnisse werden geladen …" failed={resultsTexts.loadFailed} look="message" />
      {overviewState.status === 'ready' && overviewState.reloadFailed && <FormMessage tone="error">{resultsTexts.loadFailed}</FormMessage>}
      {overview && (
        <>
          <label htmlFor="results-challenge" css={css`display: block; font-weight: 700; margin-bottom: 8px;`}>
            Challenge
          </label>
          <select
            id="results-challenge"
            value={selected}
            onChange={(e) => setSelected(e.target.value)}
            css={(theme: Theme) => css`
              min-height: 44px;
              max-width: 100%;
              padding: 0 ${theme.space(2)};
              margin-bottom: ${theme.space(6)};
              font: inherit;
            `}
          >
            {overview.challenges.map((c) => (
              <option key={c.challengeId} value={c.challengeId}>
                #{c.number} {c.headline} ({stateLabels[c.timeState] ?? c.timeState}
                {c.published ? `, veröffentlicht v${c.published.version}` : ''})
              </option>
            ))}
          </select>
          {selected && (
            <ChallengeResults key={selected} challengeId={selected} isAdmin={isAdmin} onChanged={overviewState.reload} guard={guard} />
          )}
        </>
      )}
    </>
  );
}
