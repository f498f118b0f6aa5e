import { css, type Theme } from '@emotion/react';
import { lazy, Suspense } from 'react';
import type { OverviewDayDto, OverviewDto } from '@erd/shared-contracts/backoffice';
import { headingRow, Panel } from '../../../components/screen';
import { visuallyHidden } from '../../../components/table-styles';
import { OVERVIEW_DAY_CHOICES } from '../api/get-overview';
import { ChartBoundary } from './chart-boundary';
import { germanDay, plural, sectionTitle, number } from './overview-format';
import { TableHead } from '../../../components/list-table';
import { SelectField } from '../../../components/select-field';
import { stack } from '../../../components/layout-styles';

/** The chart library loads with this screen only, never with the others. */
const ActivityChart = lazy(() => import('./activity-chart'));

export function Activity({ overview, days, onDays }: { overview: OverviewDto; days: number; onDays: (days: number) => void }) {
  const votes = overview.days.reduce((sum, d) => sum + d.votes, 0);
  const registrations = overview.days.reduce((sum, d) => sum + d.registrations, 0);
  const range = `${germanDay(overview.days[0]?.day ?? overview.today)} bis ${germanDay(overview.today)}`;
  return (
    <Panel as="section" aria-labelledby="overview-activity">
      <div
        css={(theme: Theme) => css`
          ${headingRow(theme)};
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
        <SelectField
          id="overview-days"
          label="Zeitraum"
          value={String(days)}
          onChange={(value) => onDays(Number(value))}
          options={OVERVIEW_DAY_CHOICES.map((n) => [String(n), `Letzte ${n} Tage`] as const)}
        />
      </div>
      <div
        css={[
          stack(4),
          (theme: Theme) => css`
            ${theme.mq.md} {
              grid-template-columns: 1fr 1fr;
            }
          `,
        ]}
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
      <TableHead columns={['Tag', 'Stimmen', 'Registrierungen']} />
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
