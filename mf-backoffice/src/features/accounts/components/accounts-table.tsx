import { css, type Theme } from '@emotion/react';
import type { AccountAdminDto, AccountAdminPageDto, AccountSortDto } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { formatDateTime } from '../../../lib/format';
import { clubText, hidden, SORT_LABELS, stateText } from './accounts-format';

/** One page of accounts, each with 'Details'. */
export function AccountsTable({
  page,
  sort,
  current,
  pages,
  onSelect: setSelected,
}: {
  page: AccountAdminPageDto;
  sort: AccountSortDto;
  current: number;
  pages: number;
  onSelect: (account: AccountAdminDto) => void;
}) {
  return (
    <div
      role="region"
      aria-label="Konten"
      tabIndex={0}
      css={(theme: Theme) => css`
        overflow-x: auto;
        border: 1px solid ${theme.colors.border};
        border-radius: ${theme.radius};
        background: ${theme.colors.surface};
        &:focus-visible {
          outline: 3px solid ${theme.colors.focus};
        }
      `}
    >
      <table
        css={(theme: Theme) => css`
          width: 100%;
          border-collapse: collapse;
          th,
          td {
            padding: ${theme.space(3)};
            text-align: left;
            vertical-align: middle;
            border-bottom: 1px solid ${theme.colors.border};
          }
          th {
            font-size: 0.875rem;
          }
          tbody th {
            overflow-wrap: anywhere;
            min-width: 180px;
            font-size: 1rem;
          }
        `}
      >
        <caption css={hidden}>
          Konten, sortiert nach {SORT_LABELS[sort]}, Seite {current} von {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col">E-Mail</th>
            <th scope="col">Verein</th>
            <th scope="col">Zustand</th>
            <th scope="col">Angelegt</th>
            <th scope="col">
              <span css={hidden}>Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
