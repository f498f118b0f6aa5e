import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import type { AccountAdminDto, AccountSortDto } from '@erd/shared-contracts/backoffice';

import { ScreenHeader } from '../../../components/screen';
import { QueryField, SearchPanel } from '../../../components/search-panel';
import { Pager } from '../../../components/pager';
import { SortSelect } from '../../../components/sort-select';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { getAccount } from '../api/get-account';
import { ACCOUNT_PAGE_SIZE, listAccounts } from '../api/list-accounts';
import type { ActionOutcome } from './action-dialog';
import { AccountDialog } from './account-dialogs';
import { AccountDetail, type AccountAction } from './account-detail';
import { countText, SORT_LABELS } from './accounts-format';
import { AccountsTable } from './accounts-table';
import { dataOf, LoadState, ResultSummary, useOperatorData, usePagedFilter } from '../../../kit';
import { type Notice, StatusNotice } from '../../../components/status-notice';

export const accountsTexts = {
  loading: 'Konten werden geladen …',
  loadFailed: 'Die Konten konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Konto passt zur Suche.',
  readOnly: 'Du kannst Konten lesen; Code senden, Sperren und Löschen sind Administratoren vorbehalten.',
  intro: 'Konten der Vereine: suchen, Zustand prüfen, Code erneut senden, sperren oder löschen.',
} as const;

type Action = AccountAction;

/**
 * 'Konten': club accounts found on the server by the start of the e-mail address, the club's name
 * or its number, paged; 'Details' shows an account's state. Admins resend the sign-up code
 * (unconfirmed accounts), block and unblock, and delete, each after a dialog (reason or
 * confirmation); moderators see the same without these buttons.
 */
export function AccountsScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const paged = usePagedFilter({ query: '', sort: 'email' as AccountSortDto }, ACCOUNT_PAGE_SIZE);
  const { draft, edit, filter } = paged;
  const [selected, setSelected] = useState<AccountAdminDto | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const list = useOperatorData(filter, () => listAccounts({ ...filter, size: ACCOUNT_PAGE_SIZE }), {
    keepPrevious: true,
    passwordChange: false,
  });
  const load = list.reload;

  useEffect(() => {
    if (selected) detailHeading.current?.focus();
  }, [selected?.sub]); // eslint-disable-line react-hooks/exhaustive-deps -- only when another account opens

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    paged.search({ query: draft.query.trim(), sort: draft.sort });
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
    load();
  };

  const page = dataOf(list);
  const position = paged.position(page?.total ?? 0);

  return (
    <section aria-labelledby="accounts-title">
      <ScreenHeader title="Konten" titleId="accounts-title" intro={isAdmin ? accountsTexts.intro : accountsTexts.readOnly} />

      <SearchPanel label="Konten suchen" submitLabel="Suchen" onSubmit={onSearch} fieldBasis="280px">
        <QueryField
          label="E-Mail, Verein oder Vereinsnummer"
          hint="E-Mail-Adressen werden vom Anfang her gesucht."
          maxLength={254}
          value={draft.query}
          onChange={(query) => edit({ query })}
        />
        <SortSelect id="accounts-sort" labels={SORT_LABELS} value={draft.sort} onChange={(sort) => edit({ sort })} />
      </SearchPanel>

      <StatusNotice notice={notice} />

      {selected && (
        <AccountDetail
          selected={selected}
          isAdmin={isAdmin}
          headingRef={detailHeading}
          setAction={setAction}
          onClose={() => setSelected(null)}
        />
      )}

      <LoadState state={list} loading={accountsTexts.loading} failed={accountsTexts.loadFailed} />
      {page && (
        <>
          <ResultSummary ref={summary}>{page.total === 0 ? accountsTexts.none : countText(page.total)}</ResultSummary>
          {page.items.length > 0 && <AccountsTable page={page} sort={filter.sort} position={position} onSelect={setSelected} />}
          <Pager page={position.current} pages={position.pages} onPage={paged.goTo} />
        </>
      )}

      {selected && action && <AccountDialog selected={selected} action={action} onCancel={() => setAction(null)} done={done} />}
    </section>
  );
}
