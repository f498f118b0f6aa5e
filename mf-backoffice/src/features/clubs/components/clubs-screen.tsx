import { ListTable } from '../../../components/list-table';
import { css, type Theme } from '@emotion/react';
import type { FormEvent } from 'react';
import { Link, TEAM_LABELS } from '@erd/shared-contracts';
import { backofficePaths, type ClubAdminDto, type ClubSortDto } from '@erd/shared-contracts/backoffice';
import { ScreenHeader } from '../../../components/screen';
import { QueryField, SearchPanel } from '../../../components/search-panel';
import { Pager, sortedPageCaption } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { dataOf, LoadState, ResultSummary, useOperatorData, usePagedFilter } from '../../../kit';
import { CLUB_PAGE_SIZE, listClubs } from '../api/list-clubs';
import { LogoCell } from './logo-cell';
import { SortSelect } from '../../../components/sort-select';

export const clubsTexts = {
  loading: 'Vereine werden geladen …',
  loadFailed: 'Die Vereine konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Verein passt zur Suche.',
  readOnly: 'Du kannst die Vereine lesen; den CSV-Import machen Administratoren.',
} as const;

const SORT_LABELS: Record<ClubSortDto, string> = {
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  number: 'Vereinsnummer (aufsteigend)',
  '-number': 'Vereinsnummer (absteigend)',
  '-updated': 'Zuletzt geändert zuerst',
  updated: 'Am längsten unverändert zuerst',
};

/**
 * 'Vereine': every club (thousands), searched by name or club number, sorted and paged on the
 * server. Admins go on to 'CSV importieren'; moderators read.
 */
export function ClubsScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const paged = usePagedFilter({ query: '', sort: 'name' as ClubSortDto }, CLUB_PAGE_SIZE);
  const { draft, edit, filter } = paged;
  const list = useOperatorData(filter, () => listClubs({ ...filter, size: CLUB_PAGE_SIZE }), { keepPrevious: true, passwordChange: false });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    paged.search({ query: draft.query.trim(), sort: draft.sort });
  };

  const replaceClub = (club: ClubAdminDto) =>
    list.update((page) => ({ ...page, items: page.items.map((c) => (c.id === club.id ? club : c)) }));

  const page = dataOf(list);
  const position = paged.position(page?.total ?? 0);

  return (
    <section aria-labelledby="clubs-title">
      <ScreenHeader
        title="Vereine"
        titleId="clubs-title"
        intro={isAdmin ? 'Alle Vereine und Mannschaften der Punktejagd.' : clubsTexts.readOnly}
      >
        {isAdmin && (
          <Link
            to={backofficePaths.clubsImport}
            css={(theme: Theme) => css`
              display: inline-flex;
              align-items: center;
              min-height: 48px;
              padding: 0 ${theme.space(5)};
              border-radius: ${theme.radius};
              background: ${theme.colors.primaryDark};
              color: ${theme.colors.white};
              font-weight: 700;
              text-decoration: none;
              &:focus-visible {
                outline: 3px solid ${theme.colors.focus};
                outline-offset: 2px;
              }
            `}
          >
            CSV importieren
          </Link>
        )}
      </ScreenHeader>

      <SearchPanel label="Vereine suchen" submitLabel="Suchen" onSubmit={onSearch}>
        <QueryField label="Name oder Vereinsnummer" maxLength={200} value={draft.query} onChange={(query) => edit({ query })} />
        <SortSelect id="clubs-sort" labels={SORT_LABELS} value={draft.sort} onChange={(sort) => edit({ sort })} />
      </SearchPanel>

      <LoadState state={list} loading={clubsTexts.loading} failed={clubsTexts.loadFailed} />
      {page && (
        <>
          <ResultSummary live>{page.total === 0 ? clubsTexts.none : page.total === 1 ? '1 Verein' : `${page.total} Vereine`}</ResultSummary>
          {page.items.length > 0 && (
            <ListTable
              label="Vereine"
              caption={sortedPageCaption('Vereine', SORT_LABELS[filter.sort], position)}
              columns={['Verein', 'Nummer', 'Mannschaft', 'Website', 'Logo', 'Geändert']}
            >
              {page.items.map((club) => (
                <tr key={club.id}>
                  <th scope="row">
                    <bdi>{club.clubname}</bdi>
                  </th>
                  <td>{club.clubnumber}</td>
                  <td>{TEAM_LABELS[club.team]}</td>
                  <td>{club.linkurl ?? '–'}</td>
                  <td>
                    <LogoCell club={club} canEdit={isAdmin} onChanged={replaceClub} onExpired={() => signedOut('expired')} />
                  </td>
                  <td>{formatDateTime(club.updatedAt)}</td>
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
