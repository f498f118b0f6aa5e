import { css, type Theme } from '@emotion/react';
import type {
  NewsletterSortDto,
  NewsletterStatusDto,
  NewsletterSubscriberDto,
  NewsletterSubscriberPageDto,
} from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { visuallyHidden } from '../../../components/table-styles';
import { formatDateTime } from '../../../lib/format';

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
  current,
  pages,
  onConsent: setConsentOf,
  onUnsubscribe: setUnsubscribing,
}: {
  page: NewsletterSubscriberPageDto;
  sort: NewsletterSortDto;
  current: number;
  pages: number;
  onConsent: (email: string) => void;
  onUnsubscribe: (subscriber: NewsletterSubscriberDto) => void;
}) {
  return (
    <div
      role="region"
      aria-label="Adressen"
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
          td:first-of-type {
            overflow-wrap: anywhere;
            min-width: 180px;
          }
        `}
      >
        {/* The status filter decides the rows' status (the heading names it), so it has no column. */}
        <caption css={visuallyHidden}>
          Newsletter-Adressen, sortiert nach {SORT_LABELS[sort]}, Seite {current} von {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col">E-Mail</th>
            <th scope="col">Einwilligung</th>
            <th scope="col">Bestätigt</th>
            <th scope="col">
              <span
                css={css`
                  position: absolute;
                  width: 1px;
                  height: 1px;
                  overflow: hidden;
                  clip: rect(0 0 0 0);
                `}
              >
                Aktionen
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.email}</th>
              <td>{formatDateTime(item.consentedAt)}</td>
              <td>{item.confirmedAt ? formatDateTime(item.confirmedAt) : '–'}</td>
              <td>
                <div
                  css={(theme: Theme) => css`
                    display: flex;
                    flex-direction: column;
                    align-items: stretch;
                    gap: ${theme.space(2)};
                  `}
                >
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
        </tbody>
      </table>
    </div>
  );
}
