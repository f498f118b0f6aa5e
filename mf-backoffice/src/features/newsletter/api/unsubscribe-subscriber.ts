import { newsletterAdminPaths, type NewsletterSubscriberDto } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/**
 * POST …/subscribers/{id}/unsubscribe `{ reason }` (admins): the same as the footer link of a
 * newsletter mail, with the reason in the audit log. 400 for a reason that is not 3 to 500
 * characters, 403 for a moderator, 404 when the address is gone.
 */
export async function unsubscribeSubscriber(id: number, reason: string): Promise<NewsletterSubscriberDto> {
  return apiPost<NewsletterSubscriberDto>(newsletterAdminPaths.unsubscribe(id), { reason });
}
