import type {
  NewsletterSortDto,
  NewsletterStatusDto,
  NewsletterSubscriberDto,
  NewsletterSubscriberPageDto,
} from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { ListTable } from '../../../components/list-table';
import { type PagePosition, sortedPageCaption } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format';
import { addressRows, cellActions } from '../../../components/table-styles';

export const STATUS_LABELS: Record<NewsletterStatusDto, string> = {
  confirmed: 'Bestätigt',
  pending: 'Unbestätigt',
  unsubscribed: 'Abgemeldet',
};
export const SORT_LABELS: Record<NewsletterSortDto, string> = {
  email: 'Adresse (A–Z)',
  '-email': 'Adresse (Z–A)',
  '-consented': 'Neueste Einwilligung zuerst',
  consented: 'Älteste Einwilligung zuerst',
  '-confirmed': 'Zuletzt bestätigt zuerst',
  confirmed: 'Am frühesten bestätigt zuerst',
};

/** One page of addresses, each with its consent log and 'Abmelden'. */
export function SubscribersTable({
  page,
  sort,
  position,
  onConsent: setConsentOf,
  onUnsubscribe: setUnsubscribing,
}: {
  page: NewsletterSubscriberPageDto;
  sort: NewsletterSortDto;
  position: PagePosition;
  onConsent: (email: string) => void;
  onUnsubscribe: (subscriber: NewsletterSubscriberDto) => void;
}) {
  return (
    // The status filter decides the rows' status (the heading names it), so it has no column.
    <ListTable
      label="Adressen"
      caption={sortedPageCaption('Newsletter-Adressen', SORT_LABELS[sort], position)}
      columns={['E-Mail', 'Einwilligung', 'Bestätigt', { hidden: 'Aktionen' }]}
      look={addressRows}
    >
      {page.items.map((item) => (
        <tr key={item.id}>
          <th scope="row">{item.email}</th>
          <td>{formatDateTime(item.consentedAt)}</td>
          <td>{item.confirmedAt ? formatDateTime(item.confirmedAt) : '–'}</td>
          <td>
            <div css={cellActions}>
              <Button variant="outline" onClick={() => setConsentOf(item.email)} aria-label={`Einwilligungen von ${item.email}`}>
                Einwilligungen
              </Button>
              {item.status !== 'unsubscribed' && (
                <Button variant="secondary" onClick={() => setUnsubscribing(item)} aria-label={`${item.email} abmelden`}>
                  Abmelden
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
