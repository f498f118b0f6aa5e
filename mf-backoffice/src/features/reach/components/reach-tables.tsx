import { css, type Theme } from '@emotion/react';
import { TEAM_LABELS, type Team } from '@erd/shared-contracts';
import type { ReachChannel, ReachReportDto, ReachRowDto } from '@erd/shared-contracts/schemas';
import { FormMessage } from '@erd/shared-contracts/forms';
import { TableHead } from '../../../components/list-table';
import { TableRegion } from '../../../components/table-region';
import { visuallyHidden } from '../../../components/table-styles';
import { CHANNEL_LABELS, REACH_CHANNELS } from '../api/reach-api';
import { reachTexts } from './reach-texts';

interface Figures {
  previews: number;
  visits: number;
  votes: number;
}

/** One shared target (an entry, or a club's page) with its figures per channel over the days of the report. */
export interface Target {
  key: string;
  club: string;
  page: string;
  channels: Map<ReachChannel, Figures>;
  total: Figures;
}

const zero = (): Figures => ({ previews: 0, visits: 0, votes: 0 });
const add = (sum: Figures, row: Figures) => {
  sum.previews += row.previews;
  sum.visits += row.visits;
  sum.votes += row.votes;
};
export const number = (n: number) => n.toLocaleString('de-DE');
const clubOf = (row: ReachRowDto) => `${row.clubName} (${TEAM_LABELS[row.team as Team] ?? row.team})`;

/** The report's rows (per day) summed per target and channel; the targets with most figures first. */
export function targetsOf(rows: readonly ReachRowDto[]): Target[] {
  const targets = new Map<string, Target>();
  for (const row of rows) {
    const key = row.participationId ? `entry:${row.challengeId}:${row.participationId}` : `club:${row.clubId}`;
    let target = targets.get(key);
    if (!target) {
      target = {
        key,
        club: clubOf(row),
        page: row.participationId ? `Beitrag: ${row.challengeTitle ?? row.challengeId}` : 'Vereinsseite',
        channels: new Map(),
        total: zero(),
      };
      targets.set(key, target);
    }
    const channel = target.channels.get(row.channel) ?? zero();
    add(channel, row);
    target.channels.set(row.channel, channel);
    add(target.total, row);
  }
  const weight = (f: Figures) => f.votes * 1_000_000 + f.visits * 1_000 + f.previews;
  return [...targets.values()].sort(
    (a, b) => weight(b.total) - weight(a.total) || a.club.localeCompare(b.club, 'de') || a.page.localeCompare(b.page, 'de'),
  );
}

/** A row of a reach table: what it counts (a channel, 'Gesamt') and its three figures. */
const FigureRow = ({ label, figures }: { label: string; figures: Figures }) => (
  <tr>
    <th scope="row">{label}</th>
    <td className="number">{number(figures.previews)}</td>
    <td className="number">{number(figures.visits)}</td>
    <td className="number">{number(figures.votes)}</td>
  </tr>
);

/** The column heads of a reach table: 'Kanal' and the three figures. */
const FIGURE_COLUMNS = ['Kanal', { number: 'Vorschauen' }, { number: 'Besuche' }, { number: 'Stimmen' }];

const subheading = (theme: Theme) => css`
  margin: ${theme.space(8)} 0 ${theme.space(4)};
  font-size: 1.125rem;
`;

/** The report's tables: per channel with the totals, and per entry and club page with its channels. */
export function ReachTables({
  report,
  targets,
  challengeName,
}: {
  report: ReachReportDto;
  targets: Target[];
  challengeName: string | null;
}) {
  return (
    <>
      <h3 css={subheading}>Nach Kanal</h3>
      <TableRegion label="Reichweite nach Kanal">
        <table>
          <caption css={visuallyHidden}>Reichweite nach Kanal{challengeName ? `, Challenge ${challengeName}` : ''}</caption>
          <TableHead columns={FIGURE_COLUMNS} />
          <tbody>
            {REACH_CHANNELS.map((channel) => (
              <FigureRow
                key={channel}
                label={CHANNEL_LABELS[channel]}
                figures={report.byChannel.find((c) => c.channel === channel) ?? zero()}
              />
            ))}
          </tbody>
          <tfoot>
            <FigureRow label="Gesamt" figures={report.totals} />
          </tfoot>
        </table>
      </TableRegion>

      <h3 css={subheading}>Nach Beitrag und Verein</h3>
      {report.truncated && <FormMessage tone="info">{reachTexts.truncated}</FormMessage>}
      <TableRegion label="Reichweite nach Beitrag und Verein">
        <table>
          <caption css={visuallyHidden}>Reichweite nach Beitrag und Verein, je Kanal, die meisten Stimmen zuerst</caption>
          <TableHead columns={FIGURE_COLUMNS} />
          {targets.map((target) => (
            <tbody key={target.key}>
              <tr>
                <th
                  scope="rowgroup"
                  colSpan={4}
                  css={(theme: Theme) => css`
                    background: ${theme.colors.background};
                    overflow-wrap: anywhere;
                  `}
                >
                  {target.club}
                  <br />
                  <span
                    css={(theme: Theme) => css`
                      font-weight: 400;
                      color: ${theme.colors.textMuted};
                    `}
                  >
                    {target.page}
                  </span>
                </th>
              </tr>
              {REACH_CHANNELS.filter((channel) => target.channels.has(channel)).map((channel) => (
                <FigureRow key={channel} label={CHANNEL_LABELS[channel]} figures={target.channels.get(channel)!} />
              ))}
              {target.channels.size > 1 && <FigureRow label="Zusammen" figures={target.total} />}
            </tbody>
          ))}
        </table>
      </TableRegion>
    </>
  );
}
