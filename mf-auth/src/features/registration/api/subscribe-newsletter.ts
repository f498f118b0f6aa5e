import { getRuntimeConfig, type NewsletterSignupInput } from '@erd/shared-contracts';
import { httpClient } from '../../../lib/frontend-users';

/**
 * Spec §4/§7: a ticked newsletter box subscribes the e-mail after the registration
 * (POST { Email, Fields: [] } to the configured URL; double opt-in). The URL stays relative, so
 * the client adds the anti-forgery header.
 */
export async function subscribeNewsletter(email: string): Promise<void> {
  const body: NewsletterSignupInput = { Email: email, Fields: [] };
  await (await httpClient()).post(getRuntimeConfig().newsletterUrl, body);
}
