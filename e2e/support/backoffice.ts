import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The four points of the Werberat checklist, as the moderation screen labels its checkboxes. */
export const WERBERAT_POINTS = [
  'Spricht keine Minderjährigen an',
  'Kein Alkohol im Straßenverkehr',
  'Keine Aussage über sportliche Leistung durch Alkohol',
  'Kein übermäßiger Konsum',
];

/** The back office's bar of screens. */
export const backofficeBar = (page: Page) => page.getByRole('navigation', { name: 'Backoffice' });

/** Fills in the back office's sign-in screen, which the page shows, and sends it with 'Anmelden'. */
export async function submitBackofficeSignIn(page: Page, operator: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(operator.email);
  await page.getByLabel('Passwort').fill(operator.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Opens a back-office address (`/backoffice` unless `from` says otherwise) without a session: the
 * page is sent to the sign-in screen, where the operator signs in.
 */
export async function signInToBackoffice(page: Page, operator: { email: string; password: string }, from = '/backoffice'): Promise<void> {
  await page.goto(from);
  await expect(page).toHaveURL(/\/backoffice\/anmeldung/);
  await submitBackofficeSignIn(page, operator);
}
