import { newsletterAdminPaths, type NewsletterConsentLogDto } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** GET /api/operator/newsletter/consent-log?email=: the consent records of one address, newest first. */
export async function getConsentLog(email: string): Promise<NewsletterConsentLogDto> {
  return apiGet<NewsletterConsentLogDto>(newsletterAdminPaths.consentLog, { params: { email } });
}
