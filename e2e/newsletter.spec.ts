import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { e2eDataDir } from './support/paths';

/** The confirmation link of the newest .eml for `address` in the outbox (quoted-printable decoded). */
function confirmationLink(address: string): string | null {
  const outbox = path.join(e2eDataDir, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const raw = readFileSync(path.join(outbox, file), 'utf8');
    if (!raw.includes(address)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    return text.match(/https?:\/\/\S+\/api\/public\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/)?.[0] ?? null;
  }
  return null;
}

test('newsletter: invalid input is refused in German, a valid signup is confirmed by the e-mailed link', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The form loads as it comes near the screen (issue 24: not in the first load of /).
  await footer.scrollIntoViewIfNeeded();
  const email = footer.getByRole('textbox', { name: 'E-Mail-Adresse' });
  await email.fill('kein-at-zeichen');
  await email.blur();
  await expect(footer.getByText('Gib eine gültige Emailadresse an')).toBeVisible();

  const address = `fan-${Date.now()}@verein.example`;
  await email.fill(address);
  await footer.getByRole('button', { name: 'Anmelden' }).click();
  await expect(footer.getByText(/^Volltreffer!/)).toBeVisible();

  await expect.poll(() => confirmationLink(address), { timeout: 5_000 }).not.toBeNull();
  const link = confirmationLink(address)!;
  await page.goto(link);
  await expect(page.getByText(/bestätigt/).first()).toBeVisible();
});
