import { css, type Theme } from '@emotion/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, TEAM_LABELS } from '@erd/shared-contracts';
import type { AccountAdminDto, AccountAdminPageDto, AccountSortDto } from '@erd/shared-contracts/backoffice';
import { FormMessage, TextField } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { Panel, ScreenHeader } from '../../../components/screen';
import { SearchPanel } from '../../../components/search-panel';
import { Pager } from '../../../components/pager';
import { SortSelect } from '../../../components/sort-select';
import { formatDateTime } from '../../../lib/format';
import { useOperatorSession } from '../../../lib/operator-session';
import { blockAccount, deleteAccount, resendCode, unblockAccount } from '../api/account-actions';
import { getAccount } from '../api/get-account';
import { ACCOUNT_PAGE_SIZE, listAccounts } from '../api/list-accounts';
import { ActionDialog, type ActionOutcome } from './action-dialog';

export const accountsTexts = {
  loading: 'Konten werden geladen …',
  loadFailed: 'Die Konten konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Konto passt zur Suche.',
  readOnly: 'Du kannst Konten lesen; Code senden, Sperren und Löschen sind Administratoren vorbehalten.',
  intro: 'Konten der Vereine: suchen, Zustand prüfen, Code erneut senden, sperren oder löschen.',
} as const;

type Action = 'resend' | 'block' | 'unblock' | 'delete';
type List = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: AccountAdminPageDto };

/** The club's name isolated (`<bdi>`): its writing direction never pulls the team or number into it. */
const clubText = (club: AccountAdminDto['club']) =>
  club ? (
    <>
      <bdi>{club.clubname}</bdi> ({TEAM_LABELS[club.team] ?? club.team}), Nr. {club.clubnumber}
    </>
  ) : (
    '–'
  );
const stateText = (account: AccountAdminDto) => (account.state === 'CONFIRMED' ? 'Bestätigt' : 'Unbestätigt');
const countText = (total: number) => (total === 1 ? '1 Konto' : `${total} Konten`);

const hidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const SORT_LABELS: Record<AccountSortDto, string> = {
  email: 'E-Mail-Adresse (A–Z)',
  '-email': 'E-Mail-Adresse (Z–A)',
  '-created': 'Neueste Anmeldung zuerst',
  created: 'Älteste Anmeldung zuerst',
  club: 'Verein (A–Z)',
  '-club': 'Verein (Z–A)',
};

/**
 * 'Konten': club accounts found on the server by the start of the e-mail address, the club's name
 * or its number, paged; 'Details' shows an account's state. Admins resend the sign-up code
 * (unconfirmed accounts), block and unblock, and delete, each after a dialog (reason or
 * confirmation); moderators see the same without these buttons.
 */
export function AccountsScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = state.status === 'signed-in' && state.operator.role === 'admin';
  const [draft, setDraft] = useState({ query: '', sort: 'email' as AccountSortDto });
  const [filter, setFilter] = useState({ query: '', sort: 'email' as AccountSortDto, from: 0 });
  const [list, setList] = useState<List>({ status: 'loading' });
  const [selected, setSelected] = useState<AccountAdminDto | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const request = useRef(0);

  const load = useCallback(async () => {
    const id = ++request.current;
    setList((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const page = await listAccounts({ ...filter, size: ACCOUNT_PAGE_SIZE });
      if (id === request.current) setList({ status: 'ready', page });
    } catch (error) {
      if (id !== request.current) return;
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else setList({ status: 'error' });
    }
  }, [filter, signedOut]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (selected) detailHeading.current?.focus();
  }, [selected?.sub]); // eslint-disable-line react-hooks/exhaustive-deps -- only when another account opens

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFilter({ query: draft.query.trim(), sort: draft.sort, from: 0 });
  };

  const refreshSelected = async (sub: string) => {
    try {
      setSelected(await getAccount(sub));
    } catch (error) {
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else setSelected(null);
    }
  };

  const done = async (account: AccountAdminDto, which: Action, outcome: ActionOutcome) => {
    setAction(null);
    if (outcome.kind === 'unauthorized') return signedOut('expired');
    if (outcome.kind === 'refused') setNotice({ tone: 'error', text: outcome.message });
    else {
      const texts: Record<Action, string> = {
        resend: `Ein neuer Code ist an ${account.email} unterwegs.`,
        block: `${account.email} ist gesperrt.`,
        unblock: `${account.email} ist entsperrt.`,
        delete: `Das Konto ${account.email} ist gelöscht.`,
      };
      setNotice({ tone: 'success', text: texts[which] });
    }
    if (which === 'delete' && outcome.kind === 'done') {
      setSelected(null);
      summary.current?.focus();
    } else await refreshSelected(account.sub);
    void load();
  };

  const page = list.status === 'ready' ? list.page : null;
  const pages = page ? Math.max(1, Math.ceil(page.total / ACCOUNT_PAGE_SIZE)) : 1;
  const current = Math.floor(filter.from / ACCOUNT_PAGE_SIZE) + 1;

  return (
    <section aria-labelledby="accounts-title">
      <ScreenHeader title="Konten" titleId="accounts-title" intro={isAdmin ? accountsTexts.intro : accountsTexts.readOnly} />

      <SearchPanel label="Konten suchen" onSubmit={onSearch} fieldBasis="280px">
        <TextField
          label="E-Mail, Verein oder Vereinsnummer"
          hint="E-Mail-Adressen werden vom Anfang her gesucht."
          name="query"
          type="search"
          maxLength={254}
          value={draft.query}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
        <SortSelect id="accounts-sort" labels={SORT_LABELS} value={draft.sort} onChange={(sort) => setDraft({ ...draft, sort })} />
        <Button type="submit" variant="primary">
          Suchen
        </Button>
      </SearchPanel>

      <div
        role="status"
        css={(theme: Theme) => css`
          &:not(:empty) {
            margin-bottom: ${theme.space(5)};
          }
        `}
      >
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      </div>

      {selected && (
        <Panel
          as="section"
          aria-labelledby="account-detail-title"
          css={(theme: Theme) => css`
            margin-bottom: ${theme.space(6)};
          `}
        >
          <h2
            id="account-detail-title"
            ref={detailHeading}
            tabIndex={-1}
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
              font-size: 1.25rem;
              overflow-wrap: anywhere;
              &:focus {
                outline: none;
              }
            `}
          >
            Konto {selected.email}
          </h2>
          <dl
            css={(theme: Theme) => css`
              display: grid;
              grid-template-columns: minmax(120px, max-content) 1fr;
              gap: ${theme.space(2)} ${theme.space(4)};
              margin: 0 0 ${theme.space(5)};
              dt {
                font-weight: 700;
              }
              dd {
                margin: 0;
                overflow-wrap: anywhere;
              }
            `}
          >
            <dt>Verein</dt>
            <dd>{clubText(selected.club)}</dd>
            <dt>Zustand</dt>
            <dd>
              {stateText(selected)}
              {selected.blocked ? ', gesperrt' : ''}
            </dd>
            <dt>Angelegt</dt>
            <dd>{formatDateTime(selected.createdAt)}</dd>
            <dt>Bestätigt</dt>
            <dd>{selected.confirmedAt ? formatDateTime(selected.confirmedAt) : '–'}</dd>
            {selected.blockedAt && (
              <>
                <dt>Gesperrt seit</dt>
                <dd>{formatDateTime(selected.blockedAt)}</dd>
                <dt>Grund der Sperre</dt>
                <dd>{selected.blockedReason ?? '–'}</dd>
              </>
            )}
          </dl>
          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              gap: ${theme.space(3)};
            `}
          >
            {isAdmin && selected.state === 'UNCONFIRMED' && (
              <Button variant="outline" onClick={() => setAction('resend')}>
                Code erneut senden
              </Button>
            )}
            {isAdmin &&
              (selected.blocked ? (
                <Button variant="outline" onClick={() => setAction('unblock')}>
                  Entsperren
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setAction('block')}>
                  Sperren
                </Button>
              ))}
            {isAdmin && (
              <Button variant="secondary" onClick={() => setAction('delete')}>
                Löschen
              </Button>
            )}
            <Button variant="ghost" onClick={() => setSelected(null)}>
              Details schließen
            </Button>
          </div>
        </Panel>
      )}

      {list.status === 'loading' && <Spinner label={accountsTexts.loading} />}
      {list.status === 'error' && (
        <Panel role="alert">
          <p>{accountsTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void load()}>
            Erneut laden
          </Button>
        </Panel>
      )}
      {page && (
        <>
          <h2
            ref={summary}
            tabIndex={-1}
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
              font-size: 1.125rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {page.total === 0 ? accountsTexts.none : countText(page.total)}
          </h2>
          {page.items.length > 0 && (
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
                  Konten, sortiert nach {SORT_LABELS[filter.sort]}, Seite {current} von {pages}
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
          )}
          {page.total > ACCOUNT_PAGE_SIZE && <Pager page={current} pages={pages} onPage={(n) => setFilter({ ...filter, from: (n - 1) * ACCOUNT_PAGE_SIZE })} />}
        </>
      )}

      {selected && action === 'resend' && (
        <ActionDialog
          title="Code erneut senden"
          description={`${selected.email} bekommt einen neuen Bestätigungscode per Mail, wie nach „Code erneut senden“ auf der Website.`}
          confirmLabel="Code senden"
          run={() => resendCode(selected.sub)}
          onCancel={() => setAction(null)}
          onDone={(outcome) => void done(selected, 'resend', outcome)}
        />
      )}
      {selected && action === 'block' && (
        <ActionDialog
          title="Konto sperren"
          description={`${selected.email} kann sich danach nicht mehr anmelden und wird sofort überall abgemeldet. Die Beiträge des Vereins bleiben.`}
          confirmLabel="Sperren"
          reasonLabel="Grund der Sperre"
          run={(reason) => blockAccount(selected.sub, reason)}
          onCancel={() => setAction(null)}
          onDone={(outcome) => void done(selected, 'block', outcome)}
        />
      )}
      {selected && action === 'unblock' && (
        <ActionDialog
          title="Konto entsperren"
          description={`${selected.email} kann sich danach wieder anmelden.`}
          confirmLabel="Entsperren"
          reasonLabel="Grund der Entsperrung"
          run={(reason) => unblockAccount(selected.sub, reason)}
          onCancel={() => setAction(null)}
          onDone={(outcome) => void done(selected, 'unblock', outcome)}
        />
      )}
      {selected && action === 'delete' && (
        <ActionDialog
          title="Konto löschen"
          description={`Das Konto ${selected.email} wird mit Name, Adresse und Telefon gelöscht, wie wenn das Mitglied es selbst löscht. Die Beiträge und Punkte des Vereins bleiben; der Verein kann sich neu anmelden.`}
          confirmLabel="Endgültig löschen"
          reasonLabel="Grund der Löschung"
          run={(reason) => deleteAccount(selected.sub, reason)}
          onCancel={() => setAction(null)}
          onDone={(outcome) => void done(selected, 'delete', outcome)}
        />
      )}
    </section>
  );
}
