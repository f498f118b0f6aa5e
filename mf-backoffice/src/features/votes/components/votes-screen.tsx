import { ListTable } from '../../../components/list-table';
import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { Link } from '@erd/shared-contracts';
import {
  BURST_ADDRESS_MIN_VOTES,
  BURST_MINUTE_MIN_VOTES,
  type VoteEntrySortDto,
  votesAdminScreens,
} from '@erd/shared-contracts/backoffice';
import { CheckboxField } from '@erd/shared-contracts/forms';
import { Badge, Button } from '@erd/shared-contracts/ui';
import { ScreenHeader } from '../../../components/screen';
import { SearchPanel } from '../../../components/search-panel';
import { Pager } from '../../../components/pager';
import { SortSelect } from '../../../components/sort-select';
import { LoadState, ResultSummary, useOperatorData } from '../../../kit';
import { listVoteEntries, VOTE_ENTRY_PAGE_SIZE } from '../api/list-vote-entries';
import { clubOf, entrySummary } from './format';
import { SelectField } from '../../../components/select-field';

export const votesTexts = {
  loading: 'Beiträge werden geladen …',
  loadFailed: 'Die Beiträge konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Beitrag passt zum Filter.',
  rule: `Auffällig: ab ${BURST_ADDRESS_MIN_VOTES} gezählten Stimmen von einer Adresse oder ab ${BURST_MINUTE_MIN_VOTES} in einer Minute.`,
} as const;

const SORT_LABELS: Record<VoteEntrySortDto, string> = {
  '-votes': 'Meiste Stimmen zuerst',
  votes: 'Wenigste Stimmen zuerst',
  '-burst': 'Auffällige zuerst',
  '-removed': 'Meiste entfernte Stimmen zuerst',
  club: 'Verein (A–Z)',
};

interface Filter {
  challengeId: string;
  flagged: boolean;
  sort: VoteEntrySortDto;
}

/**
 * 'Stimmen': the published slogans and pictures of the vote challenges with their counted and
 * removed votes and a flag where a burst was found; filtered by challenge (and bursts only),
 * sorted and paged on the server. Each entry leads to its review.
 */
export function VotesScreen() {
  const [draft, setDraft] = useState<Filter>({ challengeId: '', flagged: false, sort: '-votes' });
  const [filter, setFilter] = useState<Filter & { from: number }>({ ...draft, from: 0 });
  const list = useOperatorData(filter, () => listVoteEntries({ ...filter, size: VOTE_ENTRY_PAGE_SIZE }), { keepPrevious: true });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, from: 0 });
  };

  const page = list.status === 'ready' ? list.data : null;
  const pages = page ? Math.max(1, Math.ceil(page.total / VOTE_ENTRY_PAGE_SIZE)) : 1;
  const current = Math.floor(filter.from / VOTE_ENTRY_PAGE_SIZE) + 1;

  return (
    <section aria-labelledby="votes-title">
      <ScreenHeader
        title="Stimmen"
        titleId="votes-title"
        intro={`Die Beiträge der Abstimmungs-Challenges und ihre Stimmen. ${votesTexts.rule}`}
      />

      <SearchPanel label="Beiträge filtern" onSubmit={onFilter} fieldBasis="220px">
        <SelectField
          id="votes-challenge"
          label="Challenge"
          value={draft.challengeId}
          onChange={(challengeId) => setDraft({ ...draft, challengeId })}
          empty="Alle Abstimmungs-Challenges"
          options={(page?.challenges ?? []).map((c) => [c.id, c.headline] as const)}
        />
        <SortSelect id="votes-sort" labels={SORT_LABELS} value={draft.sort} onChange={(sort) => setDraft({ ...draft, sort })} />
        <div
          css={css`
            align-self: center;
          `}
        >
          <CheckboxField
            label="Nur auffällige"
            name="flagged"
            checked={draft.flagged}
            onChange={(e) => setDraft({ ...draft, flagged: e.target.checked })}
          />
        </div>
        <Button type="submit" variant="primary">
          Filtern
        </Button>
      </SearchPanel>

      <LoadState state={list} loading={votesTexts.loading} failed={votesTexts.loadFailed} />
      {page && (
        <>
          <ResultSummary live>
            {page.total === 0 ? votesTexts.none : page.total === 1 ? '1 Beitrag' : `${page.total} Beiträge`}
          </ResultSummary>
          {page.items.length > 0 && (
            <ListTable
              label="Beiträge und ihre Stimmen"
              caption={
                <>
                  Beiträge, sortiert nach {SORT_LABELS[filter.sort]}, Seite {current} von {pages}
                </>
              }
              columns={['Verein', 'Beitrag', 'Gezählt', 'Entfernt', 'Max. je Adresse', 'Max. je Minute', 'Prüfen']}
            >
              {page.items.map((entry) => (
                <tr key={entry.participationId}>
                  <th scope="row">
                    {clubOf(entry)}
                    {entry.flagged && (
                      <>
                        {' '}
                        <Badge>Auffällig</Badge>
                      </>
                    )}
                  </th>
                  <td>
                    {entrySummary(entry)}
                    <br />
                    <small>{entry.challengeHeadline}</small>
                  </td>
                  <td>{entry.votes}</td>
                  <td>{entry.removed}</td>
                  <td>{entry.maxPerAddress}</td>
                  <td>{entry.maxPerMinute}</td>
                  <td>
                    <Link
                      to={votesAdminScreens.entry(entry.participationId)}
                      aria-label={`Stimmen prüfen – ${clubOf(entry)}, ${entry.challengeHeadline}`}
                    >
                      Stimmen prüfen
                    </Link>
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
          {page.total > VOTE_ENTRY_PAGE_SIZE && (
            <Pager page={current} pages={pages} onPage={(n) => setFilter({ ...filter, from: (n - 1) * VOTE_ENTRY_PAGE_SIZE })} />
          )}
        </>
      )}
    </section>
  );
}
