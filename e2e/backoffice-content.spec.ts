import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { backofficeBar, signInToBackoffice } from './support/backoffice';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { ownDataDir, repoRoot } from './support/paths';

/**
 * Site content in the back office (issue 8) on a server of its own with the e2e season: an admin
 * edits the imprint in Markdown (with a script tag that must not survive), sees the server's
 * preview, saves, and the public /imprint shows the new text; then sets the banner texts and the
 * home page's strips show them instead of 'BEREIT ZU PUNKTEN?'.
 */

const ADMIN = { email: 'inhalte@punktejagd.example', password: 'Inhalte#Pflege2026' };
const dataDir = ownDataDir('backoffice-content');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season') };

test.beforeAll(() => mkdirSync(path.dirname(dataDir), { recursive: true }));
// The session check before signing in answers 401.
const site = ownSiteSpec({ port: 3292, dataDir, env: serverEnv, operators: [ADMIN], allowConsoleErrors: failedLoads(401) });

/**
 * A visitor of the public site in a browser of their own: the space data may be cached for 60 s
 * (`max-age=60`), so the admin's own browser can show the old text for up to a minute.
 */
const newVisitor = (browser: Browser) => visitorPage(browser, { baseURL: site.server.baseURL });

async function openContent(page: Page): Promise<void> {
  await signInToBackoffice(page, ADMIN);
  await backofficeBar(page).getByRole('link', { name: 'Inhalte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inhalte' })).toBeVisible();
}

test('an admin edits the imprint in Markdown, sees the preview, saves, and the public /imprint shows it', async ({ page, browser }) => {
  await openContent(page);
  const legal = page.getByRole('region', { name: 'Rechtstexte' });
  await legal.getByRole('radio', { name: 'Impressum' }).check();
  const field = legal.getByRole('textbox', { name: 'Impressum' });
  await expect(field).not.toHaveValue('');
  await field.fill(
    '# Impressum\n\nPunktejagd Testbetrieb GmbH  \nSeitenweg 12, 80331 München\n\n<script>window.__hacked = true</script>\n\n**Kontakt:** [E-Mail](mailto:kontakt@punktejagd.example)',
  );
  await legal.getByRole('button', { name: 'Vorschau anzeigen' }).click();
  const preview = page.getByRole('region', { name: 'Vorschau: Impressum' });
  await expect(preview.getByRole('heading', { name: 'Impressum' })).toBeVisible();
  await expect(preview).toContainText('Seitenweg 12, 80331 München');
  await expect(preview.getByRole('link', { name: 'E-Mail' })).toHaveAttribute('href', 'mailto:kontakt@punktejagd.example');
  await expect(preview).not.toContainText('script');
  await legal.getByRole('button', { name: 'Impressum speichern' }).click();
  await expect(legal.getByText(/^Gespeichert\./)).toBeVisible();

  const visitor = await newVisitor(browser);
  await visitor.goto('/imprint');
  const text = visitor.getByTestId('legal-text');
  await expect(text).toContainText('Punktejagd Testbetrieb GmbH');
  await expect(text).toContainText('Seitenweg 12, 80331 München');
  await expect(text.getByRole('link', { name: 'E-Mail' })).toHaveAttribute('href', 'mailto:kontakt@punktejagd.example');
  await expect(text).not.toContainText('script');
  expect(await visitor.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
  await visitor.context().close();
});

test('an admin changes the banner text and the home page shows it', async ({ page, browser }) => {
  const visitor = await newVisitor(browser);
  await visitor.goto('/');
  await expect(visitor.getByTestId('banner-strip').first()).toContainText('BEREIT ZU PUNKTEN?');

  await openContent(page);
  const banner = page.getByRole('region', { name: 'Banner-Texte' });
  await banner.getByRole('textbox', { name: /Oberes Laufband/ }).fill('ANPFIFF FÜR DEINEN VEREIN!');
  await banner.getByRole('textbox', { name: /Unteres Laufband/ }).fill('Jede Stimme zählt');
  await banner.getByRole('button', { name: 'Banner-Texte speichern' }).click();
  await expect(banner.getByText(/^Gespeichert\./)).toBeVisible();

  await visitor.context().close();
  const fresh = await newVisitor(browser);
  await fresh.goto('/');
  const [top, bottom] = [fresh.getByTestId('banner-strip').nth(0), fresh.getByTestId('banner-strip').nth(1)];
  await expect(top).toContainText('ANPFIFF FÜR DEINEN VEREIN!');
  await expect(bottom).toContainText('Jede Stimme zählt');
  await expect(top).not.toContainText('BEREIT ZU PUNKTEN?');
  await fresh.context().close();
});
