import { getRuntimeConfig, type NewsletterSignupInput } from '@erd/shared-contracts';
import { createHttpClient } from '@erd/shared-contracts/http';

/**
 * Spec §4/§7: a ticked newsletter box subscribes the e-mail after the registration
 * (POST { Email, Fields: [] } to the configured URL; double opt-in). The URL stays relative, so
 * the client adds the anti-forgery header.
 */
export async function subscribeNewsletter(email: string): Promise<void> {
  const body: NewsletterSignupInput = { Email: email, Fields: [] };
  await createHttpClient().post(getRuntimeConfig().newsletterUrl, body);
}
