import { ListTable } from '../../../components/list-table';
import { css, type Theme } from '@emotion/react';
import { type VoteEntryDetailDto } from '@erd/shared-contracts/backoffice';
import { Badge, Button } from '@erd/shared-contracts/ui';
import { formatDateTime } from '../../../lib/format';
import { shortHash, votesLabel } from './format';
import { buttonRow, heading, scrollFrame } from './vote-entry-styles';
import type { VoteSelection } from './remove-votes-dialog';

export interface VotePick {
  selection: VoteSelection;
  description: string;
}

/** A row's 'Stimmen zeigen' and, when there is something to remove (`pick`), 'Alle entfernen', both named after the row. */
function RowActions({
  what,
  onShow,
  pick,
  setPending,
}: {
  what: string;
  onShow: () => void;
  pick: VotePick | null;
  setPending: (pick: VotePick) => void;
}) {
  return (
    <div css={buttonRow}>
      <Button variant="outline" aria-label={`Stimmen zeigen – ${what}`} onClick={onShow}>
        Stimmen zeigen
      </Button>
      {pick && (
        <Button variant="secondary" aria-label={`Alle entfernen – ${what}`} onClick={() => setPending(pick)}>
          Alle entfernen
        </Button>
      )}
    </div>
  );
}

/**
 * What the review found: the removals with their reasons, the minutes with a burst, the addresses
 * with the most counted votes and the votes per hour; 'Stimmen zeigen' filters the single votes,
 * 'Alle entfernen' asks for the reason.
 */
export function VoteEntryAnalysis({
  detail: d,
  showVotes,
  setPending,
}: {
  detail: VoteEntryDetailDto;
  showVotes: (filter: { minute?: string; ipHash?: string }) => void;
  setPending: (pick: VotePick) => void;
}) {
  const maxHour = Math.max(1, ...d.timeline.map((b) => b.counted + b.removed));
  return (
    <>
      {d.removals.length > 0 && (
        <>
          <h2 css={heading}>Entfernte Stimmen</h2>
          <ul>
            {d.removals.map((r) => (
              <li key={r.reason}>
                {votesLabel(r.count)}: {r.reason} (zuletzt {formatDateTime(r.at)})
              </li>
            ))}
          </ul>
        </>
      )}

      <h2 css={heading}>Auffällige Minuten</h2>
      {d.burstMinutes.length === 0 ? (
        <p>Keine Minute mit {d.thresholds.minuteMinVotes} oder mehr gezählten Stimmen.</p>
      ) : (
        <ListTable label="Auffällige Minuten" columns={['Minute', 'Gezählt', 'Adressen', 'Aktionen']}>
          {d.burstMinutes.map((m) => {
            const when = formatDateTime(m.minute);
            return (
              <tr key={m.minute}>
                <th scope="row">{when}</th>
                <td>{m.counted}</td>
                <td>{m.addresses}</td>
                <td>
                  <RowActions
                    what={`Minute ${when}`}
                    onShow={() => showVotes({ minute: m.minute })}
                    pick={{
                      selection: { minute: m.minute },
                      description: `Alle ${votesLabel(m.counted)} der Minute ${when} zählen danach nicht mehr.`,
                    }}
                    setPending={setPending}
                  />
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}

      <h2 css={heading}>Adressen</h2>
      <p>
        Die {d.topAddresses.length === 1 ? 'Adresse' : `${d.topAddresses.length} Adressen`} mit den meisten gezählten Stimmen (von{' '}
        {d.addresses}).
      </p>
      <ListTable
        label="Adressen"
        columns={['Adresse (Hash)', 'Gezählt', 'Entfernt', 'Erste / letzte Stimme', 'Aktionen']}
        frame={scrollFrame}
      >
        {d.topAddresses.map((a) => {
          const short = shortHash(a.ipHash);
          return (
            <tr key={a.ipHash}>
              <th scope="row">
                <code title={a.ipHash}>{short}</code>
                {a.flagged && (
                  <>
                    {' '}
                    <Badge>Auffällig</Badge>
                  </>
                )}
              </th>
              <td>{a.counted}</td>
              <td>{a.removed}</td>
              <td>
                {formatDateTime(a.first)}
                <br />
                {formatDateTime(a.last)}
              </td>
              <td>
                <RowActions
                  what={`Adresse ${short}`}
                  onShow={() => showVotes({ ipHash: a.ipHash })}
                  pick={
                    a.counted > 0
                      ? {
                          selection: { ipHash: a.ipHash },
                          description: `Alle ${votesLabel(a.counted)} von der Adresse ${short} zählen danach nicht mehr.`,
                        }
                      : null
                  }
                  setPending={setPending}
                />
              </td>
            </tr>
          );
        })}
      </ListTable>

      <h2 css={heading}>Stimmen je Stunde</h2>
      {d.timeline.length === 0 ? (
        <p>Noch keine Stimmen.</p>
      ) : (
        <ListTable label="Stimmen je Stunde" columns={['Stunde', 'Gezählt', 'Entfernt', { hidden: 'Verlauf' }]} frame={scrollFrame}>
          {d.timeline.map((b) => (
            <tr key={b.at}>
              <th scope="row">{formatDateTime(b.at)}</th>
              <td>{b.counted}</td>
              <td>{b.removed}</td>
              <td
                aria-hidden="true"
                css={css`
                      width: 40%;
                    `}
              >
                <div
                  css={(theme: Theme) => css`
                        display: flex;
                        height: 12px;
                        width: ${Math.max(1, Math.round(((b.counted + b.removed) / maxHour) * 100))}%;
                        background: ${theme.colors.border};
                      `}
                >
                  <div
                    css={(theme: Theme) => css`
                          width: ${Math.round((b.counted / Math.max(1, b.counted + b.removed)) * 100)}%;
                          background: ${theme.colors.primaryDark};
                        `}
                  />
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </>
  );
}
