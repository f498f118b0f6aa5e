import { css, type Theme } from '@emotion/react';
import { Link } from '@erd/shared-contracts';
import { backofficePaths } from '@erd/shared-contracts/backoffice';
import { Panel, ScreenHeader } from '../../../components/screen';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { dataOf, LoadState, useOperatorData } from '../../../kit';
import { listChallenges } from '../api/list-challenges';
import { germanDay, phaseLabels, typeLabels } from './labels';

export const challengesRoute = backofficePaths.challenges;
export const challengeRoute = (id: string) => `${challengesRoute}/${encodeURIComponent(id)}`;

export const challengesTexts = {
  failed: 'Die Challenges konnten nicht geladen werden. Bitte lade die Seite neu.',
  empty: 'Diese Saison hat noch keine Challenges.',
} as const;

const cell = (theme: Theme) => css`
  padding: ${theme.space(2)} ${theme.space(3)};
  text-align: left;
  vertical-align: top;
  border-bottom: 1px solid ${theme.colors.border};
`;

/** 'Challenges': the year's challenges in their order, with phase, dates and entries; a link to each. */
export function ChallengesScreen() {
  const { state } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const list = useOperatorData('challenges', () => listChallenges(), { passwordChange: false });
  const data = dataOf(list);

  return (
    <>
      <ScreenHeader
        title="Challenges"
        intro={isAdmin ? 'Texte, Bilder, Termine und Punkte der Challenges dieser Saison.' : 'Die Challenges dieser Saison (nur lesen).'}
      />
      <LoadState state={list} loading="Challenges werden geladen …" failed={challengesTexts.failed} look="message" />
      {data && data.items.length === 0 && <p>{challengesTexts.empty}</p>}
      {data && data.items.length > 0 && (
        <Panel
          css={css`
            overflow-x: auto;
          `}
        >
          <table
            css={css`
              width: 100%;
              border-collapse: collapse;
            `}
          >
            <caption
              css={(theme: Theme) => css`
                text-align: left;
                padding-bottom: ${theme.space(2)};
                color: ${theme.colors.textMuted};
              `}
            >
              Saison {data.yearId}, Stand {germanDay(data.today)}
            </caption>
            <thead>
              <tr>
                {['#', 'Challenge', 'Art', 'Phase', 'Zeitraum', 'Beiträge', 'Offen'].map((label) => (
                  <th key={label} scope="col" css={cell}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.id}>
                  <td css={cell}>#{c.number}</td>
                  <th scope="row" css={cell}>
                    <Link to={challengeRoute(c.id)}>
                      {c.headline}
                      <span
                        css={css`
                          position: absolute;
                          width: 1px;
                          height: 1px;
                          overflow: hidden;
                          clip: rect(0 0 0 0);
                        `}
                      >
                        {isAdmin ? ' bearbeiten' : ' ansehen'}
                      </span>
                    </Link>
                  </th>
                  <td css={cell}>{typeLabels[c.type]}</td>
                  <td css={cell}>{phaseLabels[c.phase]}</td>
                  <td css={cell}>
                    {germanDay(c.startDate)} – {germanDay(c.endDate)}
                  </td>
                  <td css={cell}>{c.entries}</td>
                  <td css={cell}>{c.pending}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      )}
    </>
  );
}
