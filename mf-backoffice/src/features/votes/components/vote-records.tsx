import { ListTable } from '../../../components/list-table';
import { css } from '@emotion/react';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { type VoteRecordPageDto, type VoteRecordStateDto } from '@erd/shared-contracts/backoffice';
import { TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Pager, pagePosition } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format';
import { shortHash, votesLabel } from './format';
import { VOTE_RECORD_PAGE_SIZE } from '../api/list-entry-votes';
import { voteEntryTexts } from './vote-entry-texts';
import type { VotePick } from './vote-entry-analysis';
import { SelectField } from '../../../components/select-field';
import { SearchPanel } from '../../../components/search-panel';
import { cluster, spaceBelow } from '../../../components/layout-styles';

const STATE_LABELS: Record<VoteRecordStateDto, string> = { all: 'Alle', counted: 'Gezählt', removed: 'Entfernt' };

export interface VoteFilter {
  ipHash: string;
  minute: string;
  state: VoteRecordStateDto;
  from: number;
}
export interface VoteDraft {
  ipHash: string;
  state: VoteRecordStateDto;
}

/** 'Stimmen filtern': by address and state; a minute chosen above shows here with the way to drop it. */
export function VoteRecordFilter({
  draft,
  setDraft,
  filter,
  setFilter,
  onFilter,
}: {
  draft: VoteDraft;
  setDraft: (draft: VoteDraft) => void;
  filter: VoteFilter;
  setFilter: (filter: VoteFilter) => void;
  onFilter: (event: FormEvent) => void;
}) {
  return (
    <SearchPanel
      label="Stimmen filtern"
      submitLabel="Filtern"
      onSubmit={onFilter}
      fieldBasis="220px"
      spaceBelow={4}
      after={
        filter.minute && (
          <p>
            Nur die Minute {formatDateTime(filter.minute)}.{' '}
            <Button variant="ghost" onClick={() => setFilter({ ...filter, minute: '', from: 0 })}>
              Minute nicht mehr filtern
            </Button>
          </p>
        )
      }
    >
      <TextField
        label="Adresse (Hash)"
        name="ipHash"
        maxLength={64}
        value={draft.ipHash}
        onChange={(e) => setDraft({ ...draft, ipHash: e.target.value })}
      />
      <SelectField
        id="votes-state"
        label="Stimmen"
        value={draft.state}
        onChange={(state) => setDraft({ ...draft, state })}
        options={STATE_LABELS}
      />
    </SearchPanel>
  );
}

/** One page of single votes: counted ones can be picked (one by one or the whole page) for 'Stimmen entfernen'. */
export function VoteRecords({
  page,
  filter,
  setFilter,
  selected,
  setSelected,
  setPending,
}: {
  page: VoteRecordPageDto;
  filter: VoteFilter;
  setFilter: (filter: VoteFilter) => void;
  selected: Set<number>;
  setSelected: Dispatch<SetStateAction<Set<number>>>;
  setPending: (pick: VotePick) => void;
}) {
  const counted = page.items.filter((v) => !v.removedAt);
  const { current, pages } = pagePosition(filter.from, page.total, VOTE_RECORD_PAGE_SIZE);
  const allSelected = counted.length > 0 && counted.every((v) => selected.has(v.id));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <div css={[cluster(3, { justify: 'space-between' }), spaceBelow(3)]}>
        <p
          aria-live="polite"
          css={css`
            margin: 0;
          `}
        >
          {page.total === 0 ? voteEntryTexts.noVotes : `${votesLabel(page.total)}, Seite ${current} von ${pages}`}
        </p>
        <Button
          variant="secondary"
          disabled={selected.size === 0}
          onClick={() =>
            setPending({
              selection: { ids: [...selected] },
              description: `${selected.size === 1 ? 'Die ausgewählte Stimme zählt' : `Die ${selected.size} ausgewählten Stimmen zählen`} danach nicht mehr.`,
            })
          }
        >
          Stimmen entfernen ({selected.size})
        </Button>
      </div>
      {page.items.length > 0 && (
        <ListTable
          label="Einzelne Stimmen"
          caption={
            <>
              Stimmen, neueste zuerst, Seite {current} von {pages}
            </>
          }
          columns={[
            <input
              type="checkbox"
              aria-label="Alle gezählten Stimmen dieser Seite auswählen"
              checked={allSelected}
              disabled={counted.length === 0}
              onChange={() => setSelected(allSelected ? new Set() : new Set(counted.map((v) => v.id)))}
            />,
            'Zeit',
            'Adresse (Hash)',
            'Browser',
            'Status',
          ]}
        >
          {page.items.map((v) => {
            const when = formatDateTime(v.createdAt);
            return (
              <tr key={v.id}>
                <td>
                  {!v.removedAt && (
                    <input
                      type="checkbox"
                      aria-label={`Stimme vom ${when} von Adresse ${shortHash(v.ipHash)} auswählen`}
                      checked={selected.has(v.id)}
                      onChange={() => toggle(v.id)}
                    />
                  )}
                </td>
                <td>{new Date(v.createdAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })}</td>
                <td>
                  <code title={v.ipHash}>{shortHash(v.ipHash)}</code>
                </td>
                <td>
                  {v.userAgent ?? '–'}
                  {v.member ? ' (Vereinskonto)' : ''}
                </td>
                <td>{v.removedAt ? `Entfernt: ${v.removalReason ?? ''} (${formatDateTime(v.removedAt)})` : 'Gezählt'}</td>
              </tr>
            );
          })}
        </ListTable>
      )}
      <Pager
        label="Seiten der Stimmen"
        page={current}
        pages={pages}
        onPage={(n) => setFilter({ ...filter, from: (n - 1) * VOTE_RECORD_PAGE_SIZE })}
      />
    </>
  );
}
