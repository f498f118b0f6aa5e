import { css, type Theme } from '@emotion/react';
import type { AccountAdminDto, AccountAdminPageDto, AccountSortDto } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { ListTable } from '../../../components/list-table';
import { addressRows } from '../../../components/table-styles';
import { type PagePosition, sortedPageCaption } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format';
import { clubText, SORT_LABELS, stateText } from './accounts-format';

const look = (theme: Theme) => css`
  ${addressRows(theme)};
  tbody th {
    font-size: 1rem;
  }
`;

/** One page of accounts, each with 'Details'. */
export function AccountsTable({
  page,
  sort,
  position,
  onSelect: setSelected,
}: {
  page: AccountAdminPageDto;
  sort: AccountSortDto;
  position: PagePosition;
  onSelect: (account: AccountAdminDto) => void;
}) {
  return (
    <ListTable
      label="Konten"
      caption={sortedPageCaption('Konten', SORT_LABELS[sort], position)}
      columns={['E-Mail', 'Verein', 'Zustand', 'Angelegt', { hidden: 'Aktionen' }]}
      look={look}
    >
      {page.items.map((item) => (
        <tr key={item.sub}>
          <th scope="row">{item.email}</th>
          <td>{clubText(item.club)}</td>
          <td>
            {stateText(item)}
            {item.blocked && (
              <>
                {', '}
                <strong>gesperrt</strong>
              </>
            )}
          </td>
          <td>{formatDateTime(item.createdAt)}</td>
          <td>
            <Button variant="outline" onClick={() => setSelected(item)} aria-label={`Details zu ${item.email}`}>
              Details
            </Button>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
