import { and, eq } from 'drizzle-orm';
import type { ContentAdminDto, MarkdownPreviewDto, SaveCampaignInput, SaveTeasersInput } from '@erd/shared-contracts/backoffice';
import type { SpaceDataDto } from '@erd/shared-contracts/wire';
import { moderationLog, site, SITE_ID, years } from '../../db/schema/index.js';
import { createTestApp, FIXTURE_SEASON, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders } from '../../test-support/members.js';
import { ADMIN, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { importSeason } from '../season/service.js';

/**
 * The site content in the back office: both roles read teasers, banner texts and legal pages
 * (Markdown and the public rich text); admins save each part (German 400 at the field, 409 when
 * someone else saved first, one audit row with before and after) and preview Markdown without
 * saving; the public space data shows what was saved. Moderators 403 on every write; no session
 * and a club member's access token 401.
 */

let t: TestApp;
let admin: string;
let moderator: string;
const NOW = new Date('2026-06-15T10:00:00Z');
const SPACE = '/content/public/spaces/erd/spacedata?include=4';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

const content = async (session = admin) => (await call('GET', '/api/operator/content', session)).json<ContentAdminDto>();
const space = async () => (await t.app.inject({ url: SPACE })).json<SpaceDataDto>();
const audits = (subjectId: string) =>
  t.ctx.db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.subjectType, 'content'), eq(moderationLog.subjectId, subjectId)));

const teasersInput = (c: ContentAdminDto): SaveTeasersInput => ({
  expectedUpdatedAt: c.teasersUpdatedAt,
  teasers: structuredClone(c.teasers),
});

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  await importSeason({ ctx: t.ctx, input: { dir: FIXTURE_SEASON } });
  ({ admin, moderator } = await operatorSessions(t));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/operator/content', () => {
  test('both roles read the teasers with their Markdown, the banner texts and the legal pages', async () => {
    for (const session of [admin, moderator]) {
      const res = await call('GET', '/api/operator/content', session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<ContentAdminDto>();
      expect(body).toMatchObject({ yearId: 'year-test', year: 2026, banner: { text1: '', text2: '' } });
      expect(body.teasers.teaser1).toMatchObject({ headline: 'Bereit zu punkten?', subheadline: 'Die Testsaison', description: '' });
      expect(body.teasers.teaser1.text).toContain('Hallo **Welt** und *alle*.');
      expect(body.teasers.teaser2.images).toHaveLength(2);
      expect(body.legal.imprint.markdown).toBe('# Impressum\n\nBrauerei Beispiel  \nMusterstraße 1\n\n---\n\nEnde.\n');
      expect(body.legal.imprint.richText.children[0]).toMatchObject({ type: 'heading', depth: 1 });
    }
  });

  test('texts imported before their Markdown was kept are offered as Markdown made from the rich text', async () => {
    await t.ctx.db.update(site).set({ termsMarkdown: null }).where(eq(site.id, SITE_ID));
    try {
      const body = await content();
      expect(body.legal.terms.markdown.startsWith('# ')).toBe(true);
      const preview = (
        await call('POST', '/api/operator/content/preview', admin, { markdown: body.legal.terms.markdown })
      ).json<MarkdownPreviewDto>();
      expect(preview.richText).toEqual(body.legal.terms.richText);
    } finally {
      await importSeason({ ctx: t.ctx, input: { dir: FIXTURE_SEASON, overwrite: true } });
    }
  });

  test('no session 401, a club member access token 401', async () => {
    const member = await createMember(t, 'club-100-m');
    for (const [method, url] of [
      ['GET', '/api/operator/content'],
      ['PUT', '/api/operator/content/teasers'],
      ['PUT', '/api/operator/content/banner'],
      ['PUT', '/api/operator/content/legal/imprint'],
      ['POST', '/api/operator/content/preview'],
    ] as const) {
      expect([url, (await call(method, url, null, method === 'GET' ? undefined : {})).statusCode]).toEqual([url, 401]);
      const asMember = await t.app.inject({ method, url, headers: memberHeaders(member), ...(method === 'GET' ? {} : { payload: {} }) });
      expect([url, asMember.statusCode]).toEqual([url, 401]);
    }
  });
});

describe('writes are for admins', () => {
  test('a moderator gets 403 on every write and nothing changes', async () => {
    const before = await content();
    const attempts = [
      call('PUT', '/api/operator/content/teasers', moderator, teasersInput(before)),
      call('PUT', '/api/operator/content/banner', moderator, { expectedUpdatedAt: before.siteUpdatedAt, text1: 'X', text2: '' }),
      call('PUT', '/api/operator/content/legal/imprint', moderator, { expectedUpdatedAt: before.siteUpdatedAt, markdown: '# X' }),
      call('POST', '/api/operator/content/preview', moderator, { markdown: '# X' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
    expect(await content()).toEqual(before);
  });
});

describe('legal pages', () => {
  test('the preview converts without saving; HTML and script are dropped', async () => {
    const before = await content();
    const res = await call('POST', '/api/operator/content/preview', admin, {
      markdown:
        '# Titel\n\n<script>alert(1)</script>\n\nText mit <b onclick="x()">HTML</b> und [Link](javascript:alert(1)) und [gut](https://example.org).',
    });
    expect(res.statusCode).toBe(200);
    const { richText } = res.json<MarkdownPreviewDto>();
    expect(JSON.stringify(richText)).not.toMatch(/script|onclick|javascript|<b/);
    expect(richText.children[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Text mit HTML und Link und ' },
        { type: 'link', url: 'https://example.org/', children: [{ type: 'text', value: 'gut' }] },
        { type: 'text', value: '.' },
      ],
    });
    expect(await content()).toEqual(before);
  });

  test('an admin saves the imprint: stored as Markdown and rich text, public at once, audited with before and after', async () => {
    const before = await content();
    const markdown = '# Impressum\n\nPunktejagd GmbH  \nNeue Straße 5\n\n<script>alert("x")</script>\n\n**Vertreten durch** Erika Muster';
    const res = await call('PUT', '/api/operator/content/legal/imprint', admin, { expectedUpdatedAt: before.siteUpdatedAt, markdown });
    expect(res.statusCode).toBe(200);
    const saved = res.json<ContentAdminDto>();
    expect(saved.legal.imprint.markdown).toBe(markdown);
    expect(saved.siteUpdatedAt).not.toBe(before.siteUpdatedAt);
    expect(saved.legal.terms).toEqual(before.legal.terms);

    const data = await space();
    const text = JSON.stringify(data.site.fields.imprint);
    expect(text).toContain('Neue Straße 5');
    expect(text).toContain('Vertreten durch');
    expect(text).not.toMatch(/script|alert/);
    expect(data.site.fields.terms).toEqual(before.legal.terms.richText);

    const [row, ...more] = await audits('legal-imprint');
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ action: 'content-update', actor: ADMIN.email, subjectType: 'content' });
    expect(row!.details).toMatchObject({
      part: 'legal-imprint',
      before: { page: 'imprint', markdown: before.legal.imprint.markdown },
      after: { page: 'imprint', markdown },
    });

    // The same text again changes nothing and writes no audit row.
    const again = await call('PUT', '/api/operator/content/legal/imprint', admin, { expectedUpdatedAt: saved.siteUpdatedAt, markdown });
    expect(again.json<ContentAdminDto>().siteUpdatedAt).toBe(saved.siteUpdatedAt);
    expect(await audits('legal-imprint')).toHaveLength(1);
  });

  test('someone else saved in between: 409 with a German message, nothing changes', async () => {
    const loaded = await content();
    const first = await call('PUT', '/api/operator/content/legal/terms', admin, {
      expectedUpdatedAt: loaded.siteUpdatedAt,
      markdown: '# Bedingungen\n\nErste Fassung.',
    });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', '/api/operator/content/legal/terms', admin, {
      expectedUpdatedAt: loaded.siteUpdatedAt,
      markdown: '# Bedingungen\n\nZweite Fassung.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'Conflict', message: expect.stringContaining('Inzwischen hat jemand anderes') });
    expect((await content()).legal.terms.markdown).toBe('# Bedingungen\n\nErste Fassung.');
  });

  test('bad input: 400 with the field and a German message, nothing changes', async () => {
    const before = await content();
    const v = before.siteUpdatedAt;
    const cases: Array<[string, unknown, string]> = [
      ['/api/operator/content/legal/imprint', { expectedUpdatedAt: v, markdown: '   ' }, 'markdown'],
      ['/api/operator/content/legal/imprint', { expectedUpdatedAt: v, markdown: '<div>nur HTML</div>' }, 'markdown'],
      ['/api/operator/content/legal/imprint', { expectedUpdatedAt: v, markdown: 'x'.repeat(100_001) }, 'markdown'],
      ['/api/operator/content/legal/imprint', { expectedUpdatedAt: v, markdown: 5 }, 'markdown'],
      ['/api/operator/content/legal/imprint', { markdown: '# A' }, 'expectedUpdatedAt'],
      ['/api/operator/content/legal/imprint', { expectedUpdatedAt: v, markdown: '# A', extra: 1 }, ''],
      ['/api/operator/content/legal/imprint', { expectedUpdatedAt: v, markdown: '# A\u0007' }, 'body.markdown'],
      ['/api/operator/content/banner', { expectedUpdatedAt: v, text1: 'x'.repeat(61), text2: '' }, 'text1'],
      ['/api/operator/content/banner', { expectedUpdatedAt: v, text1: 'Zwei\nZeilen', text2: '' }, 'text1'],
      ['/api/operator/content/banner', { expectedUpdatedAt: v, text1: 'A' }, 'text2'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await call('PUT', url, admin, payload);
      expect([url, field, res.statusCode]).toEqual([url, field, 400]);
      const body = res.json<{ code: string; message: string; field?: string | null }>();
      expect(body.code).toBe('ValidationError');
      if (field) expect(body.field).toBe(field);
      expect(body.message).toMatch(/[a-zäöüß]/i);
    }
    expect((await call('PUT', '/api/operator/content/legal/impressum', admin, { expectedUpdatedAt: v, markdown: '# A' })).statusCode).toBe(
      404,
    );
    expect(await content()).toEqual(before);
    expect(await audits('banner')).toHaveLength(0);
  });
});

describe("refused input keeps this module's answer (issue 27: the contracts' zod schemas at the route)", () => {
  test("the first problem's German message as it is, its field (null for the body itself) and every problem", async () => {
    const v = (await content()).siteUpdatedAt;
    const banner = await call('PUT', '/api/operator/content/banner', admin, {
      expectedUpdatedAt: v,
      text1: 'x'.repeat(61),
      text2: 'Zwei\nZeilen',
    });
    expect(banner.statusCode).toBe(400);
    expect(banner.json()).toMatchObject({
      code: 'ValidationError',
      message: 'Banner-Text: höchstens 60 Zeichen.',
      field: 'text1',
      problems: [
        { field: 'text1', message: 'Banner-Text: höchstens 60 Zeichen.' },
        { field: 'text2', message: 'Banner-Text: bitte in einer Zeile, ohne Zeilenumbruch.' },
      ],
    });
    const extra = await call('PUT', '/api/operator/content/legal/imprint', admin, { expectedUpdatedAt: v, markdown: '# A', extra: 1 });
    expect(extra.json()).toMatchObject({ code: 'ValidationError', field: null });
    const preview = await call('POST', '/api/operator/content/preview', admin, { markdown: 5 });
    expect(preview.json()).toMatchObject({ code: 'ValidationError', field: 'markdown', message: 'Text erwartet.' });
  });

  test('an unknown legal page is 404 before its body is looked at', async () => {
    const res = await call('PUT', '/api/operator/content/legal/impressum', admin, { markdown: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound', message: 'Diese Seite gibt es nicht.' });
  });
});

describe('banner texts', () => {
  test('an admin sets both strips; the public space data carries them; clearing brings the default back', async () => {
    expect((await space()).site.fields).not.toHaveProperty('bannerText1');
    const loaded = await content();
    const res = await call('PUT', '/api/operator/content/banner', admin, {
      expectedUpdatedAt: loaded.siteUpdatedAt,
      text1: '  JETZT PUNKTEN!  ',
      text2: 'Dein Verein zählt',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContentAdminDto>().banner).toEqual({ text1: 'JETZT PUNKTEN!', text2: 'Dein Verein zählt' });
    expect((await space()).site.fields).toMatchObject({ bannerText1: 'JETZT PUNKTEN!', bannerText2: 'Dein Verein zählt' });
    const [row] = await audits('banner');
    expect(row!.details).toEqual({
      part: 'banner',
      yearId: 'year-test',
      before: { text1: null, text2: null },
      after: { text1: 'JETZT PUNKTEN!', text2: 'Dein Verein zählt' },
    });
    // Issue 26: the strips are the current season's; the site row's old columns are no longer written.
    const [year] = await t.ctx.db.select().from(years).where(eq(years.id, 'year-test'));
    expect(year).toMatchObject({
      bannerText1: 'JETZT PUNKTEN!',
      bannerText2: 'Dein Verein zählt',
      updatedAt: new Date(loaded.teasersUpdatedAt),
    });
    const [siteRow] = await t.ctx.db.select().from(site);
    expect(siteRow).toMatchObject({ bannerText1: null, bannerText2: null });
    expect(res.json<ContentAdminDto>().siteUpdatedAt).not.toBe(loaded.siteUpdatedAt);
    // The same texts again: nothing written.
    const same = await call('PUT', '/api/operator/content/banner', admin, {
      expectedUpdatedAt: res.json<ContentAdminDto>().siteUpdatedAt,
      text1: 'JETZT PUNKTEN!',
      text2: 'Dein Verein zählt',
    });
    expect(same.json<ContentAdminDto>().siteUpdatedAt).toBe(res.json<ContentAdminDto>().siteUpdatedAt);
    expect(await audits('banner')).toHaveLength(1);

    const cleared = await call('PUT', '/api/operator/content/banner', admin, {
      expectedUpdatedAt: res.json<ContentAdminDto>().siteUpdatedAt,
      text1: '',
      text2: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect((await space()).site.fields).not.toHaveProperty('bannerText1');
    expect(await audits('banner')).toHaveLength(2);
  });

  test('a season re-import keeps the banner texts; it writes its own legal texts and teasers again only with --overwrite (issue 26)', async () => {
    const loaded = await content();
    const saved = (
      await call('PUT', '/api/operator/content/banner', admin, { expectedUpdatedAt: loaded.siteUpdatedAt, text1: 'BLEIBT', text2: '' })
    ).json<ContentAdminDto>();
    await call('PUT', '/api/operator/content/legal/imprint', admin, { expectedUpdatedAt: saved.siteUpdatedAt, markdown: '# Anders' });
    const reported = await importSeason({ ctx: t.ctx, input: { dir: FIXTURE_SEASON } });
    expect(reported.differences.map((d) => d.field)).toContain('legal.imprint');
    expect((await content()).legal.imprint.markdown).toBe('# Anders');
    await importSeason({ ctx: t.ctx, input: { dir: FIXTURE_SEASON, overwrite: true } });
    const after = await content();
    expect(after.banner.text1).toBe('BLEIBT');
    expect(after.legal.imprint.markdown).toContain('Brauerei Beispiel');
  });
});

describe('teasers', () => {
  test('an admin edits texts (Markdown) and images; public at once; audited per changed teaser', async () => {
    const loaded = await content();
    const input = teasersInput(loaded);
    input.teasers.teaser1.headline = 'Neue Saison';
    input.teasers.teaser1.text = 'Mit **Markdown** und <img src=x onerror="alert(1)"> ohne HTML.';
    input.teasers.teaser2.images = [...loaded.teasers.teaser2.images].reverse();
    input.teasers.teaserPrizes.subheadline = '';
    const res = await call('PUT', '/api/operator/content/teasers', admin, input);
    expect(res.statusCode).toBe(200);
    const saved = res.json<ContentAdminDto>();
    expect(saved.teasers.teaser1.text).toBe(input.teasers.teaser1.text);
    expect(saved.teasersUpdatedAt).not.toBe(loaded.teasersUpdatedAt);

    const { year } = await space();
    expect(year.fields.teaser1.headline).toBe('Neue Saison');
    expect(year.fields.teaser1.text).toEqual({
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'Mit ' },
            { type: 'strong', children: [{ type: 'text', value: 'Markdown' }] },
            { type: 'text', value: ' und  ohne HTML.' },
          ],
        },
      ],
    });
    expect(year.fields.teaser2.images.map((i) => i.fields.file.url)).toEqual(
      loaded.teasers.teaser2.images.map((i) => i.fields.file.url).reverse(),
    );
    expect(year.fields.teaserPrizes).not.toHaveProperty('subheadline');
    expect(year.fields.teaserPrizes.headline).toBe('Preise');

    const [row] = await audits('teasers');
    expect(row).toMatchObject({ action: 'content-update', actor: ADMIN.email });
    expect(row!.details).toMatchObject({
      part: 'teasers',
      fields: ['teaser1', 'teaser2', 'teaserPrizes'],
      before: { teaser1: { headline: 'Bereit zu punkten?' } },
      after: { teaser1: { headline: 'Neue Saison' } },
    });
  });

  test('too many images, empty headline, foreign image addresses: 400 at the field; stale: 409', async () => {
    const loaded = await content();
    const image = loaded.teasers.teaser2.images[0]!;
    const bad: Array<[(i: SaveTeasersInput) => void, string]> = [
      [(i) => (i.teasers.teaser1.images = [image, image]), 'teasers.teaser1.images'],
      [(i) => (i.teasers.teaserPrizes.images = [image, image, image, image, image]), 'teasers.teaserPrizes.images'],
      [(i) => (i.teasers.teaser2.headline = '  '), 'teasers.teaser2.headline'],
      [(i) => (i.teasers.teaser2.subheadline = 'a\nb'), 'teasers.teaser2.subheadline'],
      [(i) => (i.teasers.teaser1.text = 'x'.repeat(5001)), 'teasers.teaser1.text'],
      [
        (i) => (i.teasers.teaser1.images = [{ fields: { file: { url: 'javascript:alert(1)' } } }]),
        'teasers.teaser1.images.0.fields.file.url',
      ],
    ];
    for (const [change, field] of bad) {
      const input = teasersInput(loaded);
      change(input);
      const res = await call('PUT', '/api/operator/content/teasers', admin, input);
      expect([field, res.statusCode, res.json<{ field: string }>().field]).toEqual([field, 400, field]);
    }
    expect(await content()).toEqual(loaded);

    const first = teasersInput(loaded);
    first.teasers.teaser2.description = 'Erste';
    expect((await call('PUT', '/api/operator/content/teasers', admin, first)).statusCode).toBe(200);
    const second = teasersInput(loaded);
    second.teasers.teaser2.description = 'Zweite';
    const stale = await call('PUT', '/api/operator/content/teasers', admin, second);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'Conflict', message: expect.stringContaining('Teaser') });
    expect((await content()).teasers.teaser2.description).toBe('Erste');
  });
});

describe('PUT /api/operator/content/campaign (issue 24)', () => {
  const campaignInput = (c: ContentAdminDto, change: Partial<SaveCampaignInput> = {}): SaveCampaignInput => ({
    expectedUpdatedAt: c.teasersUpdatedAt,
    ...c.campaign,
    ...change,
  });
  const put = (session: string | null, payload: unknown) => call('PUT', '/api/operator/content/campaign', session, payload);

  test('an admin saves claim, subline, lead prize and key visual: the space data shows them; one audit row; the same again writes nothing', async () => {
    const loaded = await content();
    expect(loaded.campaign).toEqual({ claim: '', subline: '', prize: '', image: null });
    expect('campaign' in (await space()).year.fields).toBe(false);
    const image = loaded.teasers.teaser2.images[0]!;
    const res = await put(
      admin,
      campaignInput(loaded, {
        claim: ' Hol den Pokal! ',
        subline: 'Jede Challenge zählt.',
        prize: 'Ein Trikotsatz für die ganze Mannschaft',
        image,
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json<ContentAdminDto>();
    expect(saved.campaign).toEqual({
      claim: 'Hol den Pokal!',
      subline: 'Jede Challenge zählt.',
      prize: 'Ein Trikotsatz für die ganze Mannschaft',
      image,
    });
    expect(saved.teasersUpdatedAt).not.toBe(loaded.teasersUpdatedAt);
    expect((await space()).year.fields.campaign).toEqual({
      claim: 'Hol den Pokal!',
      subline: 'Jede Challenge zählt.',
      prize: 'Ein Trikotsatz für die ganze Mannschaft',
      image,
    });
    const rows = await audits('campaign');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ part: 'campaign', before: { claim: '' }, after: { claim: 'Hol den Pokal!' } });

    expect((await put(admin, campaignInput(saved))).statusCode).toBe(200);
    expect(await audits('campaign')).toHaveLength(1);
    expect((await content()).teasersUpdatedAt).toBe(saved.teasersUpdatedAt);
  });

  test('a key visual alone keeps the default texts; all empty removes the campaign', async () => {
    const loaded = await content();
    const onlyImage = await put(admin, campaignInput(loaded, { claim: '', subline: '', prize: '' }));
    expect(onlyImage.statusCode).toBe(200);
    expect((await space()).year.fields.campaign).toEqual({ claim: '', image: loaded.campaign.image });
    const none = await put(admin, campaignInput(onlyImage.json<ContentAdminDto>(), { image: null }));
    expect(none.json<ContentAdminDto>().campaign).toEqual({ claim: '', subline: '', prize: '', image: null });
    expect('campaign' in (await space()).year.fields).toBe(false);
  });

  test('400 with a German message at the field (length, one line, control characters, unknown fields, a subline without claim, a foreign image); 409 when stale', async () => {
    const loaded = await content();
    const bad: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ claim: 'x'.repeat(81) }, 'claim', /^claim: Claim: höchstens 80 Zeichen\.$/],
      [{ claim: 'Zwei\nZeilen' }, 'claim', /Claim: bitte in einer Zeile/],
      // Control characters: the server's guard for every body (http) or the schema refuses them.
      [{ claim: 'Gut', subline: 'Klingel\u0007' }, '', /Zeichen, die nicht erlaubt sind|Unterzeile: bitte in einer Zeile/],
      [{ claim: 'Gut', subline: 'Rechts\u202Elinks' }, 'subline', /Unterzeile: bitte in einer Zeile/],
      [{ claim: 'Gut', prize: 'p'.repeat(121) }, 'prize', /Hauptpreis: höchstens 120 Zeichen/],
      [{ claim: '', subline: 'Ohne Claim' }, 'claim', /ohne Claim/],
      [{ claim: 'Gut', image: { fields: { file: { url: 'javascript:alert(1)' } } } }, 'image.fields.file.url', /Bild-Adresse/],
      [{ claim: 'Gut', slogan: 'x' }, '', /slogan/],
    ];
    for (const [change, field, message] of bad) {
      const res = await put(admin, campaignInput(loaded, change as Partial<SaveCampaignInput>));
      expect([field, res.statusCode]).toEqual([field, 400]);
      const body = res.json<{ field: string; message: string }>();
      expect(body.message).toMatch(message);
      if (field) expect(body.field).toBe(field);
    }
    expect(await content()).toEqual(loaded);

    expect((await put(admin, campaignInput(loaded, { claim: 'Erster' }))).statusCode).toBe(200);
    const stale = await put(admin, campaignInput(loaded, { claim: 'Zweiter' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'Conflict', message: expect.stringContaining('Kampagne') });
    expect((await content()).campaign.claim).toBe('Erster');
  });

  test('moderators 403, no session 401: nothing changes', async () => {
    const loaded = await content();
    expect((await put(moderator, campaignInput(loaded, { claim: 'Nicht erlaubt' }))).statusCode).toBe(403);
    expect((await put(null, campaignInput(loaded, { claim: 'Nicht erlaubt' }))).statusCode).toBe(401);
    expect((await content()).campaign.claim).toBe(loaded.campaign.claim);
  });
});
