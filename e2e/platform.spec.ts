import { gzipSync } from 'node:zlib';
import { expect, test, trackRequests } from './support/fixtures';

test.describe('server and composition', () => {
  test('HTML carries the cache header; app routes answer 200', async ({ request }) => {
    for (const path of ['/', '/challenge', '/tabelle', '/terms', '/dataprotection', '/imprint', '/login']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control']).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=86400, stale-if-error=86400');
      expect(res.headers()['content-type']).toContain('text/html');
    }
  });

  test('unknown paths and /not-found answer 404 with the 404 screen', async ({ page, request }) => {
    for (const path of ['/not-found', '/gibt/es/nicht', '/club/club-00000-m']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    await page.goto('/gibt/es/nicht');
    await expect(page.getByRole('heading', { name: 'kein Treffer' })).toBeVisible();
    await expect(page.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeVisible();
    await page.goto('/club/club-00000-m');
    await expect(page.getByRole('heading', { name: 'kein Treffer' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/club/club-00000-m');
  });

  test('hashed assets are immutable and served compressed; entries are not cached', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('main.js');
    const entry = await request.get('/main.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(entry.headers()['cache-control']).toContain('no-cache');
    const manifest = await (await request.get('/remotes/mf_challenges/mf-manifest.json')).json();
    const chunk = manifest.exposes[0].assets.js.sync[0] as string;
    const res = await request.get(`/remotes/mf_challenges/${chunk}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(['br', 'gzip']).toContain(res.headers()['content-encoding']);
  });

  test('the home page loads no remote and at most 120 KB gzip of JavaScript', async ({ page }) => {
    const requests = trackRequests(page);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => gzipSync(b, { level: 9 }).length));
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => p.startsWith('/remotes/'))).toEqual([]);
    const gzipBytes = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
    expect(gzipBytes).toBeGreaterThan(50 * 1024);
    expect(gzipBytes).toBeLessThanOrEqual(120 * 1024);
  });

  test('a page with two remotes runs no federation runtime library, one share scope, and the entry files are small', async ({ page }) => {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await page.goto('/challenge');
    await expect(page.locator('[data-mf-build^="mf_challenges-"]').first()).toBeAttached();
    await page.getByRole('link', { name: 'Zur Tabelle' }).click();
    await expect(page.locator('[data-mf-build^="mf_standings-"]').first()).toBeAttached();
    const loaded = await Promise.all(scripts);
    // No copy of @module-federation's runtime core (its hook names) anywhere: the remotes are webpack
    // containers the host's loader (the mf-runtime chunk) inits with the page's one share scope.
    expect(loaded.filter((s) => s.body.includes('"beforeInitContainer"')).map((s) => s.url)).toEqual([]);
    expect(loaded.filter((s) => /\/mf-runtime\.[0-9a-f]{8}\.js$/.test(s.url))).toHaveLength(1);
    for (const entry of loaded.filter((s) => /\/main\.js$/.test(s.url))) {
      expect(gzipSync(entry.body, { level: 9 }).length, entry.url).toBeLessThan(10 * 1024);
    }
    const remoteEntries = loaded.filter((s) => /\/remoteEntry\.js$/.test(s.url));
    expect(remoteEntries.map((s) => new URL(s.url).pathname).sort()).toEqual([
      '/remotes/mf_challenges/remoteEntry.js',
      '/remotes/mf_standings/remoteEntry.js',
    ]);
    for (const entry of remoteEntries) expect(gzipSync(entry.body, { level: 9 }).length, entry.url).toBeLessThan(5 * 1024);
  });

  test('pointing at a link to a remote’s page loads that remote before the click; the click then shows its screen', async ({ page }) => {
    const requests = trackRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => p.startsWith('/remotes/'))).toEqual([]);
    // The home page's teaser of a vote challenge: its 'Stöbern' link leads to the challenges remote.
    const link = page.getByRole('link', { name: 'STÖBERN' }).first();
    await link.hover();
    await expect
      .poll(() => requests.filter((p) => p.startsWith('/remotes/mf_challenges/')))
      .toEqual(expect.arrayContaining(['/remotes/mf_challenges/mf-manifest.json', '/remotes/mf_challenges/remoteEntry.js']));
    expect(new URL(page.url()).pathname).toBe('/');
    await link.click();
    await expect(page.locator('h1#browse-title')).toBeVisible();
    await expect(page.locator('[data-mf-build^="mf_challenges-"]').first()).toBeAttached();
  });

  test('a remote route adds at most 25 KB gzip of JavaScript to the home page', async ({ browser }) => {
    // Each page in a new context: nothing cached, every script counted.
    const gzipOfScripts = async (path: string) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const scripts: Promise<number>[] = [];
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => gzipSync(b, { level: 9 }).length));
        });
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        return (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
      } finally {
        await context.close();
      }
    };
    const home = await gzipOfScripts('/');
    for (const path of ['/challenge', '/tabelle', '/login']) {
      const added = (await gzipOfScripts(path)) - home;
      expect(added, path).toBeGreaterThan(0);
      expect(added, path).toBeLessThanOrEqual(25 * 1024);
    }
  });

  test('the host learns the remotes from /config.json', async ({ request }) => {
    const config = await (await request.get('/config.json')).json();
    expect(config.remotes.map((r: { name: string }) => r.name).sort()).toEqual([
      'mf_auth',
      'mf_backoffice',
      'mf_challenges',
      'mf_profile',
      'mf_standings',
    ]);
  });
});
