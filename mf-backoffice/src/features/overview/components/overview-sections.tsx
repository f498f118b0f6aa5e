import { css, type Theme } from '@emotion/react';
import { Link } from '@erd/shared-contracts';
import { backofficePaths, type OverviewChallengePhase, type OverviewDto } from '@erd/shared-contracts/backoffice';
import { Panel } from '../../../components/screen';
import { TableRegion } from '../../../components/table-region';
import { visuallyHidden } from '../../../components/table-styles';
import { auditActionLabel, subjectTypeLabel } from '../../../lib/audit-actions';
import { formatDateTime } from '../../../lib/format';
import { germanDay, number, plural, sectionTitle } from './overview-format';
import { overviewTexts } from './overview-texts';
import { TableHead } from '../../../components/list-table';
import { cluster } from '../../../components/layout-styles';

export const phaseLabels: Record<OverviewChallengePhase, string> = {
  before: 'Noch nicht gestartet',
  submission: 'Teilnahme läuft',
  voting: 'Abstimmung läuft',
  ended: 'Beendet',
};

const PROTOCOL = backofficePaths.audit;

export function Challenges({ overview }: { overview: OverviewDto }) {
  return (
    <Panel as="section" aria-labelledby="overview-challenges">
      <h2 id="overview-challenges" css={sectionTitle}>
        Challenges
      </h2>
      <p
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(4)};
        `}
      >
        {overview.pendingTotal === 0 ? (
          'Kein Beitrag wartet auf Prüfung.'
        ) : (
          <>
            <strong>{plural(overview.pendingTotal, 'Beitrag wartet', 'Beiträge warten')} auf Prüfung.</strong>{' '}
            <Link to={backofficePaths.moderation}>Zur Moderation</Link>
          </>
        )}
      </p>
      {overview.challenges.length === 0 ? (
        <p>{overviewTexts.noSeason}</p>
      ) : (
        <TableRegion label="Challenges der Saison">
          <table>
            <caption css={visuallyHidden}>Challenges der Saison mit ihrer Phase heute</caption>
            <TableHead
              columns={[
                { number: 'Nr.' },
                'Challenge',
                'Phase heute',
                'Zeitraum',
                { number: 'Beiträge' },
                { number: 'Warten auf Prüfung' },
              ]}
            />
            <tbody>
              {overview.challenges.map((c) => (
                <tr key={c.id}>
                  <td className="number">{c.number}</td>
                  <th scope="row">{c.headline}</th>
                  <td>{phaseLabels[c.phase] ?? c.phase}</td>
                  <td>
                    {germanDay(c.startDate)} – {germanDay(c.endDate)}
                  </td>
                  <td className="number">{number(c.entries)}</td>
                  <td className="number">{c.pending > 0 ? <strong>{number(c.pending)}</strong> : '0'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </Panel>
  );
}

export function LatestAudit({ overview }: { overview: OverviewDto }) {
  return (
    <Panel as="section" aria-labelledby="overview-audit">
      <div css={cluster([2, 4], { align: 'baseline', justify: 'space-between' })}>
        <h2 id="overview-audit" css={sectionTitle}>
          Zuletzt im Protokoll
        </h2>
        <Link to={PROTOCOL}>Ganzes Protokoll</Link>
      </div>
      {overview.audit.length === 0 ? (
        <p>{overviewTexts.noAudit}</p>
      ) : (
        <TableRegion label="Letzte Einträge im Protokoll">
          <table>
            <caption css={visuallyHidden}>Die letzten Einträge im Protokoll, neueste zuerst</caption>
            <TableHead columns={['Zeitpunkt', 'Aktion', 'Wer', 'Gegenstand']} />
            <tbody>
              {overview.audit.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <th scope="row">{auditActionLabel(entry.action)}</th>
                  <td
                    css={css`
                      overflow-wrap: anywhere;
                    `}
                  >
                    {entry.actor}
                  </td>
                  <td
                    css={css`
                      overflow-wrap: anywhere;
                    `}
                  >
                    {subjectTypeLabel(entry.subjectType)} {entry.subjectId}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </Panel>
  );
}
