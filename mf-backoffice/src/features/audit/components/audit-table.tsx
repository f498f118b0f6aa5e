import { css } from '@emotion/react';
import { Fragment } from 'react';
import type { AuditEntryDto } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { TableRegion } from '../../../components/table-region';
import { visuallyHidden } from '../../../components/table-styles';
import { auditActionLabel, subjectTypeLabel } from '../../../lib/audit-actions';
import { formatDateTime } from '../../../lib/format';
import { AuditDetails } from './audit-details';
import { TableHead } from '../../../components/list-table';

/** One page of the log, newest first; each entry's details (before/after) open in its row. */
export function AuditTable({
  items,
  page,
  pages,
  open,
  onToggle,
}: {
  items: AuditEntryDto[];
  page: number;
  pages: number;
  open: number | null;
  onToggle: (id: number) => void;
}) {
  return (
    <TableRegion label="Protokoll">
      <table>
        <caption css={visuallyHidden}>
          Protokoll, neueste zuerst, Seite {page} von {pages}
        </caption>
        <TableHead columns={['Zeitpunkt', 'Aktion', 'Wer', 'Gegenstand', 'Grund', { hidden: 'Details' }]} />
        <tbody>
          {items.map((entry) => (
            <Row key={entry.id} entry={entry} open={open === entry.id} onToggle={() => onToggle(entry.id)} />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function Row({ entry, open, onToggle }: { entry: AuditEntryDto; open: boolean; onToggle: () => void }) {
  const label = `${auditActionLabel(entry.action)} am ${formatDateTime(entry.at)}`;
  const detailsId = `audit-details-${entry.id}`;
  return (
    <Fragment>
      <tr>
        <td
          css={css`
            white-space: nowrap;
          `}
        >
          {formatDateTime(entry.at)}
        </td>
        <th scope="row">{auditActionLabel(entry.action)}</th>
        {/* Addresses and ids break anywhere, but never into a column narrower than a short address
            (at 768 px the table scrolls in its frame instead of wrapping every letter). */}
        <td
          css={css`
            overflow-wrap: anywhere;
            min-width: 12rem;
          `}
        >
          {entry.actor}
        </td>
        <td
          css={css`
            overflow-wrap: anywhere;
            min-width: 10rem;
          `}
        >
          {subjectTypeLabel(entry.subjectType)} {entry.subjectId}
          {entry.challengeId && entry.challengeId !== entry.subjectId && <> (Challenge {entry.challengeId})</>}
        </td>
        <td
          css={css`
            overflow-wrap: anywhere;
            min-width: 10rem;
          `}
        >
          {entry.reason ?? '–'}
        </td>
        <td>
          <Button
            variant="outline"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Details: ${label}`}
            onClick={onToggle}
          >
            {open ? 'Schließen' : 'Details'}
          </Button>
        </td>
      </tr>
      {open && (
        <tr id={detailsId}>
          <td colSpan={6}>
            <AuditDetails details={entry.details} label={label} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}
