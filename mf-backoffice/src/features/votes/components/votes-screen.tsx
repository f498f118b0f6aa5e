import { ListTable } from '../../../components/list-table';
import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import { Link } from '@erd/shared-contracts';
import {
  BURST_ADDRESS_MIN_VOTES,
  BURST_MINUTE_MIN_VOTES,
  type VoteEntrySortDto,
  votesAdminScreens,
} from '@erd/shared-contracts/backoffice';
import { CheckboxField } from '@erd/shared-contracts/forms';
import { Badge } from '@erd/shared-contracts/ui';
import { ScreenHeader } from '../../../components/screen';
import { SearchPanel } from '../../../components/search-panel';
import { Pager, sortedPageCaption } from '../../../components/pager';
import { SortSelect } from '../../../components/sort-select';
import { dataOf, LoadState, ResultSummary, useOperatorData, usePagedFilter } from '../../../kit';
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
  const paged = usePagedFilter<Filter>({ challengeId: '', flagged: false, sort: '-votes' }, VOTE_ENTRY_PAGE_SIZE);
  const { draft, edit, filter } = paged;
  const list = useOperatorData(filter, () => listVoteEntries({ ...filter, size: VOTE_ENTRY_PAGE_SIZE }), { keepPrevious: true });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    paged.search(draft);
  };

  const page = dataOf(list);
  const position = paged.position(page?.total ?? 0);

  return (
    <section aria-labelledby="votes-title">
      <ScreenHeader
        title="Stimmen"
        titleId="votes-title"
        intro={`Die Beiträge der Abstimmungs-Challenges und ihre Stimmen. ${votesTexts.rule}`}
      />

      <SearchPanel label="Beiträge filtern" submitLabel="Filtern" onSubmit={onFilter} fieldBasis="220px">
        <SelectField
          id="votes-challenge"
          label="Challenge"
          value={draft.challengeId}
          onChange={(challengeId) => edit({ challengeId })}
          empty="Alle Abstimmungs-Challenges"
          options={(page?.challenges ?? []).map((c) => [c.id, c.headline] as const)}
        />
        <SortSelect id="votes-sort" labels={SORT_LABELS} value={draft.sort} onChange={(sort) => edit({ sort })} />
        <div
          css={css`
            align-self: center;
          `}
        >
          <CheckboxField
            label="Nur auffällige"
            name="flagged"
            checked={draft.flagged}
            onChange={(e) => edit({ flagged: e.target.checked })}
          />
        </div>
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
              caption={sortedPageCaption('Beiträge', SORT_LABELS[filter.sort], position)}
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
          <Pager page={position.current} pages={position.pages} onPage={paged.goTo} />
        </>
      )}
    </section>
  );
}
