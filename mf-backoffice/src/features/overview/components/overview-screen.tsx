import { css, type Theme } from '@emotion/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, Link } from '@erd/shared-contracts';
import { backofficePaths, type OverviewChallengePhase, type OverviewDayDto, type OverviewDto } from '@erd/shared-contracts/backoffice';
import { FieldLabel } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { isPasswordChangeRequired, PasswordChangeRequired } from '../../../components/password-change-required';
import { Panel, ScreenHeader } from '../../../components/screen';
import { auditActionLabel, subjectTypeLabel } from '../../../lib/audit-actions';
import { formatDateTime } from '../../../lib/format';
import { useOperatorSession } from '../../../lib/operator-session';
import { getOverview, OVERVIEW_DAY_CHOICES } from '../api/get-overview';
import { ChartBoundary } from './chart-boundary';
import { TableRegion } from '../../../components/table-region';
import { visuallyHidden } from '../../../components/table-styles';

/** The chart library loads with this screen only, never with the others. */
const ActivityChart = lazy(() => import('./activity-chart'));

export const overviewTexts = {
  loading: 'Überblick wird geladen …',
  loadFailed: 'Der Überblick konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  noSeason: 'Es ist keine Saison angelegt.',
  noAudit: 'Noch keine Einträge im Protokoll.',
} as const;

export const phaseLabels: Record<OverviewChallengePhase, string> = {
  before: 'Noch nicht gestartet',
  submission: 'Teilnahme läuft',
  voting: 'Abstimmung läuft',
  ended: 'Beendet',
};

/** `2026-06-15` → `15.06.2026`. */
const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const number = (n: number) => n.toLocaleString('de-DE');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
const PROTOCOL = backofficePaths.audit;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'password' } | { status: 'ready'; overview: OverviewDto };

const sectionTitle = (theme: Theme) => css`
  margin: 0 0 ${theme.space(3)};
  font-size: 1.25rem;
  color: ${theme.colors.primaryDark};
`;

/**
 * 'Überblick': the season at a glance for both roles: each challenge's phase today and its
 * entries waiting for review (a link to the queue), the counted votes and new club accounts per
 * day as two small charts (for the eye; the same numbers are a table for screen readers), and the
 * newest audit entries (a link to the whole log).
 */
export function OverviewScreen() {
  const { signedOut } = useOperatorSession();
  const [days, setDays] = useState<number>(30);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const request = useRef(0);

  const fetchOverview = useCallback(async () => {
    const id = ++request.current;
    setLoad((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const overview = await getOverview(days);
      if (id === request.current) setLoad({ status: 'ready', overview });
    } catch (error) {
      if (id !== request.current) return;
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else if (isPasswordChangeRequired(error)) setLoad({ status: 'password' });
      else setLoad({ status: 'error' });
    }
  }, [days, signedOut]);

  useEffect(() => {
    void fetchOverview();
  }, [fetchOverview]);

  const overview = load.status === 'ready' ? load.overview : null;

  return (
    <section aria-labelledby="overview-title">
      <ScreenHeader
        title="Überblick"
        titleId="overview-title"
        intro={overview ? `Die Saison auf einen Blick – Stand heute, ${germanDay(overview.today)}.` : 'Die Saison auf einen Blick.'}
      />
      {load.status === 'loading' && <Spinner label={overviewTexts.loading} />}
      {load.status === 'password' && <PasswordChangeRequired />}
      {load.status === 'error' && (
        <Panel role="alert">
          <p>{overviewTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void fetchOverview()}>
            Erneut laden
          </Button>
        </Panel>
      )}
      {overview && (
        <div
          css={(theme: Theme) => css`
            display: grid;
            gap: ${theme.space(6)};
          `}
        >
          <Challenges overview={overview} />
          <Activity overview={overview} days={days} onDays={setDays} />
          <LatestAudit overview={overview} />
        </div>
      )}
    </section>
  );
}

function Challenges({ overview }: { overview: OverviewDto }) {
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
            <thead>
              <tr>
                <th scope="col" className="number">
                  Nr.
                </th>
                <th scope="col">Challenge</th>
                <th scope="col">Phase heute</th>
                <th scope="col">Zeitraum</th>
                <th scope="col" className="number">
                  Beiträge
                </th>
                <th scope="col" className="number">
                  Warten auf Prüfung
                </th>
              </tr>
            </thead>
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

function Activity({ overview, days, onDays }: { overview: OverviewDto; days: number; onDays: (days: number) => void }) {
  const votes = overview.days.reduce((sum, d) => sum + d.votes, 0);
  const registrations = overview.days.reduce((sum, d) => sum + d.registrations, 0);
  const range = `${germanDay(overview.days[0]?.day ?? overview.today)} bis ${germanDay(overview.today)}`;
  return (
    <Panel as="section" aria-labelledby="overview-activity">
      <div
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          align-items: flex-end;
          justify-content: space-between;
          gap: ${theme.space(4)};
          margin-bottom: ${theme.space(4)};
        `}
      >
        <div>
          <h2 id="overview-activity" css={sectionTitle}>
            Stimmen und Registrierungen pro Tag
          </h2>
          <p
            css={css`
              margin: 0;
            `}
          >
            {range}: {plural(votes, 'Stimme', 'Stimmen')} (ohne entfernte), {plural(registrations, 'Registrierung', 'Registrierungen')}.
          </p>
        </div>
        <div>
          <FieldLabel htmlFor="overview-days">Zeitraum</FieldLabel>
          <select
            id="overview-days"
            value={days}
            onChange={(e) => onDays(Number(e.target.value))}
            css={(theme: Theme) => css`
              min-height: 44px;
              padding: 0 ${theme.space(3)};
              border: 2px solid ${theme.colors.border};
              border-radius: ${theme.radius};
              font: inherit;
              background: ${theme.colors.white};
              &:focus-visible {
                outline: 3px solid ${theme.colors.focus};
                outline-offset: 1px;
              }
            `}
          >
            {OVERVIEW_DAY_CHOICES.map((n) => (
              <option key={n} value={n}>
                Letzte {n} Tage
              </option>
            ))}
          </select>
        </div>
      </div>
      <div
        css={(theme: Theme) => css`
          display: grid;
          gap: ${theme.space(4)};
          ${theme.mq.md} {
            grid-template-columns: 1fr 1fr;
          }
        `}
      >
        <Figure title="Stimmen pro Tag" days={overview.days} series="votes" />
        <Figure title="Registrierungen pro Tag" days={overview.days} series="registrations" />
      </div>
      <DayTable days={overview.days} />
    </Panel>
  );
}

function Figure({ title, days, series }: { title: string; days: OverviewDayDto[]; series: 'votes' | 'registrations' }) {
  return (
    <figure
      css={css`
        margin: 0;
        min-width: 0;
      `}
    >
      <figcaption
        aria-hidden="true"
        css={(theme: Theme) => css`
          margin-bottom: ${theme.space(1)};
          font-weight: 700;
        `}
      >
        {title}
      </figcaption>
      <ChartBoundary>
        <Suspense fallback={<div style={{ height: 200 }} />}>
          <ActivityChart days={days} series={series} />
        </Suspense>
      </ChartBoundary>
    </figure>
  );
}

/** The charts' numbers for screen readers (the charts themselves are hidden from them). */
function DayTable({ days }: { days: OverviewDayDto[] }) {
  return (
    <table css={visuallyHidden}>
      <caption>Stimmen und Registrierungen pro Tag</caption>
      <thead>
        <tr>
          <th scope="col">Tag</th>
          <th scope="col">Stimmen</th>
          <th scope="col">Registrierungen</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{germanDay(d.day)}</th>
            <td>{number(d.votes)}</td>
            <td>{number(d.registrations)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LatestAudit({ overview }: { overview: OverviewDto }) {
  return (
    <Panel as="section" aria-labelledby="overview-audit">
      <div
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          align-items: baseline;
          justify-content: space-between;
          gap: ${theme.space(2)} ${theme.space(4)};
        `}
      >
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
            <thead>
              <tr>
                <th scope="col">Zeitpunkt</th>
                <th scope="col">Aktion</th>
                <th scope="col">Wer</th>
                <th scope="col">Gegenstand</th>
              </tr>
            </thead>
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
