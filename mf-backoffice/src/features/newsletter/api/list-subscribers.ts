import { newsletterAdminPaths, type NewsletterSubscriberPageDto, type NewsletterSubscriberQuery } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** How many addresses one page of the list shows. */
export const SUBSCRIBER_PAGE_SIZE = 25;

/** GET /api/operator/newsletter/subscribers: one page, searched, filtered and sorted on the server (by address). */
export async function listSubscribers(query: NewsletterSubscriberQuery): Promise<NewsletterSubscriberPageDto> {
  const params = { ...query, query: query.query || undefined };
  return apiGet<NewsletterSubscriberPageDto>(newsletterAdminPaths.subscribers, { params });
}

/** The export link (admins): the server answers the confirmed subscribers as a CSV file for Excel. */
export const SUBSCRIBERS_CSV_URL = newsletterAdminPaths.subscribersCsv;
