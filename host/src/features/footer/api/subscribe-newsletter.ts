import { getRuntimeConfig, type NewsletterSignupInput } from '@erd/shared-contracts';

/**
 * Spec §7: POST { Email, Fields: [] } to the configured newsletter URL. The axios client is
 * loaded only now, at submit time: it stays out of the first page load (JS budget of `/`).
 * The URL stays as configured (relative), so the client adds the anti-forgery header.
 */
export async function subscribeNewsletter(email: string): Promise<void> {
  const { createHttpClient } = await import('@erd/shared-contracts/http');
  const body: NewsletterSignupInput = { Email: email, Fields: [] };
  await createHttpClient().post(getRuntimeConfig().newsletterUrl, body);
}
