import { css, type Theme } from '@emotion/react';
import { paths, type ChallengeDto } from '@erd/shared-contracts';
import { ButtonLink, Container, Headline, Section } from '@erd/shared-contracts/ui';
import { placeLabel, pointsLabel, pointsTables, type PointsTable } from '../utils/points';

function PointsTableView({ table }: { table: PointsTable }) {
  return (
    <table
      css={(theme: Theme) => css`
        width: 100%;
        border-collapse: collapse;
        background: ${theme.colors.surface};
        border-radius: ${theme.radius};
        overflow: hidden;
        box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12);
        caption {
          text-align: left;
          font-family: ${theme.fonts.headline};
          font-weight: 800;
          font-size: 1.125rem;
          text-transform: uppercase;
          padding: 0 0 ${theme.space(2)};
        }
        th,
        td {
          padding: ${theme.space(3)} ${theme.space(4)};
          text-align: left;
          border-bottom: 1px solid ${theme.colors.border};
        }
        thead th {
          background: ${theme.colors.primaryDark};
          color: ${theme.colors.white};
          font-size: 0.875rem;
          text-transform: uppercase;
          letter-spacing: 0.04em;
        }
        tbody tr:last-of-type th,
        tbody tr:last-of-type td {
          border-bottom: 0;
        }
        tbody th {
          font-weight: 600;
        }
        td {
          text-align: right;
          white-space: nowrap;
          font-weight: 800;
          font-variant-numeric: tabular-nums;
        }
        thead th:last-of-type {
          text-align: right;
        }
      `}
    >
      <caption>{table.challenge ? `#${table.challenge.number} ${table.challenge.headline}` : 'Punkte pro Challenge'}</caption>
      <thead>
        <tr>
          <th scope="col">Platzierung</th>
          <th scope="col">Punkte</th>
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={`${row.fromPlace}-${row.toPlace ?? 'rest'}`}>
            <th scope="row">{placeLabel(row)}</th>
            <td>{pointsLabel(row.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Spec §2: how many points a place in a challenge brings, with a link to the overall table. */
export function PointsSection({ challenges }: { challenges: ChallengeDto[] }) {
  const tables = pointsTables(challenges);
  return (
    <Section aria-labelledby="points-title">
      <Container>
        <Headline id="points-title">Punkteverteilung</Headline>
        <p
          css={(theme: Theme) => css`
            max-width: 40rem;
            margin: 0 0 ${theme.space(8)};
          `}
        >
          Jede Challenge bringt Punkte für die Gesamttabelle. Gleich platzierte Vereine teilen sich Platz und Punkte.
        </p>
        {tables.length > 0 && (
          <div
            css={(theme: Theme) => css`
              display: grid;
              grid-template-columns: minmax(0, 1fr);
              gap: ${theme.space(8)};
              margin-bottom: ${theme.space(8)};
              ${theme.mq.md} {
                grid-template-columns: repeat(${tables.length > 1 ? 2 : 1}, minmax(0, 1fr));
                max-width: ${tables.length > 1 ? 'none' : '36rem'};
              }
            `}
          >
            {tables.map((table) => (
              <PointsTableView key={table.challenge?.number ?? 'all'} table={table} />
            ))}
          </div>
        )}
        <ButtonLink to={paths.standings} variant="secondary">
          Zur Tabelle
        </ButtonLink>
      </Container>
    </Section>
  );
}
