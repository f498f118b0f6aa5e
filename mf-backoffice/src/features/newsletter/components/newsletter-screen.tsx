import { type FormEvent, useRef, useState } from 'react';
import type { NewsletterSortDto, NewsletterStatusDto, NewsletterSubscriberDto } from '@erd/shared-contracts/backoffice';
import { ButtonAnchor } from '@erd/shared-contracts/ui';
import { ForbiddenScreen } from '../../../components/forbidden-screen';
import { ScreenHeader } from '../../../components/screen';
import { QueryField, SearchPanel } from '../../../components/search-panel';
import { Pager } from '../../../components/pager';
import { SortSelect } from '../../../components/sort-select';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { dataOf, LoadState, ResultSummary, useOperatorData, usePagedFilter } from '../../../kit';
import { SORT_LABELS, STATUS_LABELS, SubscribersTable } from './subscribers-table';
import { listSubscribers, SUBSCRIBER_PAGE_SIZE, SUBSCRIBERS_CSV_URL } from '../api/list-subscribers';
import { ClubFansExport } from './club-fans-export';
import { ConsentLogDialog } from './consent-log-dialog';
import { UnsubscribeDialog, type UnsubscribeOutcome } from './unsubscribe-dialog';
import { SelectField } from '../../../components/select-field';
import { type Notice, StatusNotice } from '../../../components/status-notice';

export const newsletterTexts = {
  loading: 'Adressen werden geladen …',
  loadFailed: 'Die Adressen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Keine Adresse passt zur Suche.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  forbiddenHint: 'Die Newsletter-Adressen sind personenbezogene Daten: Nur Administratoren sehen, exportieren und verwalten sie.',
  gone: 'Diese Adresse gibt es nicht mehr. Die Liste ist neu geladen.',
} as const;

const countText = (total: number, status: NewsletterStatusDto) =>
  `${total === 1 ? '1 Adresse' : `${total} Adressen`} (${STATUS_LABELS[status].toLowerCase()})`;

/** What a moderator (or anyone the server refuses) sees instead of the screen. */
function Forbidden() {
  return (
    <ForbiddenScreen
      title="Newsletter"
      titleId="newsletter-title"
      message={newsletterTexts.forbidden}
      hint={newsletterTexts.forbiddenHint}
    />
  );
}

/**
 * 'Newsletter' (admins only: subscriber addresses are personal data a moderator does not need,
 * and the server refuses them with 403): the addresses, searched, filtered by status and paged on
 * the server (confirmed by default; the server audits every page read), each address's consent
 * log, the export ('CSV exportieren', a download from the server) and unsubscribing an address
 * with a reason. A moderator gets 'Dafür fehlt dir die Berechtigung.' and no call is made.
 */
export function NewsletterScreen() {
  const { state } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  return isAdmin ? <Subscribers /> : <Forbidden />;
}

function Subscribers() {
  const { signedOut } = useOperatorSession();
  const paged = usePagedFilter(
    { query: '', status: 'confirmed' as NewsletterStatusDto, sort: 'email' as NewsletterSortDto },
    SUBSCRIBER_PAGE_SIZE,
  );
  const { draft, edit, filter } = paged;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [consentOf, setConsentOf] = useState<string | null>(null);
  const [unsubscribing, setUnsubscribing] = useState<NewsletterSubscriberDto | null>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const list = useOperatorData(filter, () => listSubscribers({ ...filter, size: SUBSCRIBER_PAGE_SIZE }), {
    keepPrevious: true,
    forbidden: true,
    passwordChange: false,
  });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    paged.search({ query: draft.query.trim(), status: draft.status, sort: draft.sort });
  };

  const unsubscribeDone = (subscriber: NewsletterSubscriberDto, outcome: UnsubscribeOutcome) => {
    setUnsubscribing(null);
    if (outcome === 'unauthorized') return signedOut('expired');
    if (outcome === 'forbidden') setNotice({ tone: 'error', text: newsletterTexts.forbidden });
    else if (outcome === 'gone') setNotice({ tone: 'error', text: newsletterTexts.gone });
    else
      setNotice({
        tone: 'success',
        text: `${subscriber.email} ist vom Newsletter abgemeldet.`,
      });
    summary.current?.focus();
    void list.reload();
  };

  const page = dataOf(list);
  const position = paged.position(page?.total ?? 0);

  if (list.status === 'forbidden') return <Forbidden />;
  return (
    <section aria-labelledby="newsletter-title">
      <ScreenHeader
        title="Newsletter"
        titleId="newsletter-title"
        intro="Abonnenten mit Double-Opt-in und ihre Einwilligungen. Jeder Abruf der Adressen steht im Protokoll."
      >
        <ButtonAnchor variant="secondary" href={SUBSCRIBERS_CSV_URL} download>
          CSV exportieren
        </ButtonAnchor>
      </ScreenHeader>

      <SearchPanel label="Adressen suchen" submitLabel="Suchen" onSubmit={onSearch}>
        <QueryField label="E-Mail-Adresse" maxLength={254} value={draft.query} onChange={(query) => edit({ query })} />
        <SelectField
          id="newsletter-status"
          label="Status"
          value={draft.status}
          onChange={(status) => edit({ status })}
          options={STATUS_LABELS}
        />
        <SortSelect id="newsletter-sort" labels={SORT_LABELS} value={draft.sort} onChange={(sort) => edit({ sort })} />
      </SearchPanel>

      <StatusNotice notice={notice} />

      <LoadState state={list} loading={newsletterTexts.loading} failed={newsletterTexts.loadFailed} />
      {page && (
        <>
          <ResultSummary ref={summary}>{page.total === 0 ? newsletterTexts.none : countText(page.total, filter.status)}</ResultSummary>
          {page.items.length > 0 && (
            <SubscribersTable
              page={page}
              sort={filter.sort}
              position={position}
              onConsent={setConsentOf}
              onUnsubscribe={setUnsubscribing}
            />
          )}
          <Pager page={position.current} pages={position.pages} onPage={paged.goTo} />
        </>
      )}

      <ClubFansExport />

      {consentOf && <ConsentLogDialog email={consentOf} onClose={() => setConsentOf(null)} />}
      {unsubscribing && (
        <UnsubscribeDialog
          subscriber={unsubscribing}
          onCancel={() => setUnsubscribing(null)}
          onDone={(outcome) => unsubscribeDone(unsubscribing, outcome)}
        />
      )}
    </section>
  );
}
