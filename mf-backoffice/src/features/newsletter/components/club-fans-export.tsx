import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { TEAM_LABELS } from '@erd/shared-contracts';
import { FieldLabel } from '@erd/shared-contracts/forms';
import { Button, ButtonAnchor, Spinner } from '@erd/shared-contracts/ui';
import { Panel } from '../../../components/screen';
import { selectStyle } from '../../../components/table-styles';
import { clubFansCsvUrl, listClubsWithFans } from '../api/club-fans';
import { useOperatorData } from '../../../kit';
import { spaceAbove } from '../../../components/layout-styles';

export const clubFansTexts = {
  title: 'Fans der Vereine (Mein Verein)',
  intro: 'Bestätigte Fans je Verein mit Zeitpunkt der Bestätigung und Version des Einwilligungstexts. Jeder Export steht im Protokoll.',
  loading: 'Vereine werden geladen …',
  loadFailed: 'Die Vereine mit Fans konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Noch kein Verein hat bestätigte Fans.',
  all: 'Alle Vereine',
  export: 'Fans als CSV exportieren',
} as const;

const fans = (n: number) => (n === 1 ? '1 Fan' : `${n.toLocaleString('de-DE')} Fans`);

/**
 * The export of 'Mein Verein' fans on the newsletter screen (admins, like the newsletter export):
 * choose a club with confirmed fans, or all, and download the CSV from the server. A 401 signs the
 * operator out (the kit's data hook).
 */
export function ClubFansExport() {
  const state = useOperatorData('club-fans', () => listClubsWithFans(), { passwordChange: false });
  const [clubId, setClubId] = useState<string>('');

  const total = state.status === 'ready' ? state.data.items.reduce((sum, club) => sum + club.confirmed, 0) : 0;

  return (
    <section aria-labelledby="club-fans-title" css={spaceAbove(10)}>
      <h2
        id="club-fans-title"
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(2)};
          font-size: 1.375rem;
        `}
      >
        {clubFansTexts.title}
      </h2>
      <p
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(4)};
        `}
      >
        {clubFansTexts.intro}
      </p>
      <Panel>
        {state.status === 'loading' && <Spinner label={clubFansTexts.loading} />}
        {state.status === 'error' && (
          <div role="alert">
            <p>{clubFansTexts.loadFailed}</p>
            <Button variant="secondary" onClick={() => void state.reload()}>
              Erneut laden
            </Button>
          </div>
        )}
        {state.status === 'ready' && state.data.items.length === 0 && (
          <p
            css={css`
              margin: 0;
            `}
          >
            {clubFansTexts.none}
          </p>
        )}
        {state.status === 'ready' && state.data.items.length > 0 && (
          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-direction: column;
              gap: ${theme.space(4)};
              @media (min-width: 768px) {
                flex-direction: row;
                align-items: flex-end;
              }
            `}
          >
            <div
              css={css`
                flex: 1;
                min-width: 0;
              `}
            >
              <FieldLabel htmlFor="club-fans-club">Verein</FieldLabel>
              <select id="club-fans-club" value={clubId} onChange={(e) => setClubId(e.target.value)} css={selectStyle}>
                <option value="">
                  {clubFansTexts.all} ({fans(total)})
                </option>
                {state.data.items.map((club) => (
                  <option key={club.clubId} value={club.clubId}>
                    {club.clubName} ({TEAM_LABELS[club.team]}) – {fans(club.confirmed)}
                  </option>
                ))}
              </select>
            </div>
            <ButtonAnchor variant="secondary" href={clubFansCsvUrl(clubId || null)} download>
              {clubFansTexts.export}
            </ButtonAnchor>
          </div>
        )}
      </Panel>
    </section>
  );
}
