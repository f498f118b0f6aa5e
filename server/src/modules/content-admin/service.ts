import {
  LEGAL_PAGE_KEYS,
  TEASER_KEYS,
  type AuditAction,
  type CampaignAdminDto,
  type ContentAdminDto,
  type LegalPageKey,
  type MarkdownPreviewDto,
  type MarkdownPreviewInput,
  type SaveBannerInput,
  type SaveLegalInput,
  type SaveTeasersInput,
  type TeaserAdminDto,
  type TeaserKey,
} from '@erd/shared-contracts/backoffice';
import type { SaveCampaignInput } from '@erd/shared-contracts/schemas';
import { withSafeLinks, type CampaignDto, type RichTextDto, type TeaserDto } from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import type { NewSiteRow, NewYearRow, SiteRow, YearRow, YearTeaserMarkdown } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { stableStringify } from '../../lib/stable-json.js';
import { actorFields, appendAudit, type Actor } from '../audit/service.js';
import type { MarkdownConverter } from '../season/markdown.js';
import { richTextToMarkdown } from './markdown.js';
import { announce, topics } from '../cache/changes.js';
import * as repo from './repository.js';

/**
 * The site content in the back office (issue 8): both roles read the current year's home teasers,
 * the banner texts and the legal pages (as Markdown and as the public rich text); admins save one
 * part at a time. Markdown becomes rich text by the season import's own conversion (raw HTML,
 * images and unsafe links are dropped), so what the preview shows is what is stored. A save names
 * the `updatedAt` it started from (409 when someone else saved in between); every change is one
 * audit row `content-update` (subject `content`) with before and after.
 */

/** `markdown`: the conversion off the event loop, with its time and nesting limits (season/markdown.ts, issue 22). */
type DbCtx = Pick<AppContext, 'db' | 'now'>;
type Ctx = DbCtx & { markdown: MarkdownConverter };

export const CONTENT_UPDATE_ACTION: AuditAction = 'content-update';

export const MESSAGES = {
  noSeason: 'Es ist noch keine Saison eingerichtet.',
  staleTeasers: 'Inzwischen hat jemand anderes die Teaser geändert. Lade die Seite neu und prüfe deine Änderungen.',
  staleCampaign: 'Inzwischen hat jemand anderes die Kampagne oder die Teaser geändert. Lade die Seite neu und prüfe deine Änderungen.',
  staleSite: 'Inzwischen hat jemand anderes die Banner-Texte oder Rechtstexte geändert. Lade die Seite neu und prüfe deine Änderungen.',
  unknownPage: 'Diese Seite gibt es nicht.',
} as const;

export const LEGAL_LABELS: Record<LegalPageKey, string> = {
  terms: 'Teilnahmebedingungen',
  dataProtection: 'Datenschutz',
  imprint: 'Impressum',
};

const LEGAL_COLUMNS = {
  terms: 'termsMarkdown',
  dataProtection: 'dataProtectionMarkdown',
  imprint: 'imprintMarkdown',
} as const satisfies Record<LegalPageKey, keyof SiteRow>;

// ---------------------------------------------------------------------------------------------
// Reading

function teaserOf(dto: TeaserDto, markdown: string | null | undefined): TeaserAdminDto {
  return {
    headline: dto.headline,
    subheadline: dto.subheadline ?? '',
    text: markdown ?? richTextToMarkdown(dto.text),
    description: dto.description ?? '',
    images: dto.images ?? [],
  };
}

function campaignOf(campaign: CampaignDto | null): CampaignAdminDto {
  return { claim: campaign?.claim ?? '', subline: campaign?.subline ?? '', prize: campaign?.prize ?? '', image: campaign?.image ?? null };
}

function toDto(year: YearRow, site: SiteRow): ContentAdminDto {
  const teasers = Object.fromEntries(TEASER_KEYS.map((key) => [key, teaserOf(year.teasers[key], year.teaserMarkdown?.[key])])) as Record<
    TeaserKey,
    TeaserAdminDto
  >;
  const legal = Object.fromEntries(
    // Rich text stored before the one link rule (issue 22) is shown with it, as the public pages do.
    LEGAL_PAGE_KEYS.map((key) => [
      key,
      { markdown: site[LEGAL_COLUMNS[key]] ?? richTextToMarkdown(site[key]), richText: withSafeLinks(site[key]) },
    ]),
  ) as ContentAdminDto['legal'];
  return {
    yearId: year.id,
    year: year.year,
    teasers,
    campaign: campaignOf(year.campaign),
    teasersUpdatedAt: year.updatedAt.toISOString(),
    // Issue 26: the banner strips are the season's (`year.banner_text1/2`); their version stays the site's (`siteUpdatedAt`).
    banner: { text1: year.bannerText1 ?? '', text2: year.bannerText2 ?? '' },
    legal,
    siteUpdatedAt: site.updatedAt.toISOString(),
  };
}

async function current(ctx: Pick<Ctx, 'db'>): Promise<{ site: SiteRow; year: YearRow }> {
  const site = await repo.findSite(ctx.db);
  const year = site?.currentYearId ? await repo.findYear(ctx.db, site.currentYearId) : undefined;
  if (!site || !year) throw new NotFoundError(MESSAGES.noSeason);
  return { site, year };
}

/** GET /api/operator/content (both roles). */
export async function getContent({ ctx }: { ctx: Pick<Ctx, 'db'> }): Promise<ContentAdminDto> {
  const { site, year } = await current(ctx);
  return toDto(year, site);
}

// ---------------------------------------------------------------------------------------------
// Checking: the bodies by the contracts' zod schemas at the route (`contentTeasersInputSchema`, …;
// refused input answered by `contentInvalid`); what needs the conversion or the database, here.

/** The next `updatedAt`: now, but always later than the old one (a save within the same millisecond still changes the version). */
const nextVersion = (now: Date, old: Date) => new Date(Math.max(now.getTime(), old.getTime() + 1));

const markdownText = (value: string) => value.replace(/\r\n?/g, '\n');

// ---------------------------------------------------------------------------------------------
// Saving

/** The teaser's text as rich text (converted before the save's transaction: the conversion may take seconds). */
async function teaserText(ctx: Ctx, key: TeaserKey, input: TeaserAdminDto): Promise<RichTextDto | null> {
  const text = markdownText(input.text);
  return text.trim() ? ctx.markdown.toRichText(text, `teasers.${key}.text`) : null;
}

function teaserDto(input: TeaserAdminDto, rich: RichTextDto | null): TeaserDto {
  return {
    headline: input.headline.trim(),
    ...(input.subheadline.trim() ? { subheadline: input.subheadline.trim() } : {}),
    ...(rich && rich.children.length ? { text: rich } : {}),
    ...(input.description.trim() ? { description: input.description.trim() } : {}),
    images: input.images,
  };
}

/**
 * A save of the current season's `part` (teasers, campaign) on its year row, guarded by the row's
 * `updatedAt` (else 409 with `stale`): `change` answers, from the locked row, the values to store
 * and the audit row's details, or null when nothing changes (then nothing is written).
 */
async function saveYear(
  ctx: DbCtx,
  actor: Actor,
  { part, expectedUpdatedAt, stale }: { part: 'teasers' | 'campaign'; expectedUpdatedAt: string; stale: string },
  change: (old: YearRow) => { values: Partial<NewYearRow>; details: Record<string, unknown> } | null,
): Promise<ContentAdminDto> {
  const { site } = await current(ctx);
  const yearId = site.currentYearId!;
  const saved = await ctx.db.transaction(async (tx) => {
    const old = await repo.lockYear(tx, yearId);
    if (!old) throw new NotFoundError(MESSAGES.noSeason);
    if (old.updatedAt.toISOString() !== expectedUpdatedAt) throw new ConflictError(stale, { updatedAt: old.updatedAt.toISOString() });
    const next = change(old);
    if (!next) return old;
    const now = ctx.now();
    const row = await repo.updateYear(tx, old.id, { ...next.values, updatedAt: nextVersion(now, old.updatedAt) });
    await appendAudit(tx, {
      action: CONTENT_UPDATE_ACTION,
      ...actorFields(actor),
      subjectType: 'content',
      subjectId: part,
      reason: null,
      details: { part, yearId: old.id, ...next.details },
      at: now,
    });
    return row;
  });
  // The space data shows it (modules/cache).
  await announce(ctx, [topics.content]);
  const fresh = await repo.findSite(ctx.db);
  return toDto(saved, fresh ?? site);
}

/** PUT /api/operator/content/teasers (admin). */
export async function saveTeasers({ ctx, input }: { ctx: Ctx; input: { body: SaveTeasersInput; actor: Actor } }): Promise<ContentAdminDto> {
  const body = input.body;
  const texts = {
    teaser1: await teaserText(ctx, 'teaser1', body.teasers.teaser1),
    teaser2: await teaserText(ctx, 'teaser2', body.teasers.teaser2),
    teaserPrizes: await teaserText(ctx, 'teaserPrizes', body.teasers.teaserPrizes),
  };
  return saveYear(ctx, input.actor, { part: 'teasers', expectedUpdatedAt: body.expectedUpdatedAt, stale: MESSAGES.staleTeasers }, (old) => {
    const teasers = {
      teaser1: teaserDto(body.teasers.teaser1, texts.teaser1),
      teaser2: teaserDto(body.teasers.teaser2, texts.teaser2),
      teaserPrizes: teaserDto(body.teasers.teaserPrizes, texts.teaserPrizes),
    };
    const teaserMarkdown: YearTeaserMarkdown = {
      teaser1: teasers.teaser1.text ? markdownText(body.teasers.teaser1.text) : null,
      teaser2: teasers.teaser2.text ? markdownText(body.teasers.teaser2.text) : null,
      teaserPrizes: teasers.teaserPrizes.text ? markdownText(body.teasers.teaserPrizes.text) : null,
    };
    const changed = TEASER_KEYS.filter(
      (key) =>
        JSON.stringify(teasers[key]) !== JSON.stringify(old.teasers[key]) ||
        (teaserMarkdown[key] ?? null) !== (old.teaserMarkdown?.[key] ?? null),
    );
    if (!changed.length) return null;
    const before = Object.fromEntries(changed.map((key) => [key, teaserOf(old.teasers[key], old.teaserMarkdown?.[key])]));
    const after = Object.fromEntries(changed.map((key) => [key, teaserOf(teasers[key], teaserMarkdown[key])]));
    return { values: { teasers, teaserMarkdown }, details: { fields: changed, before, after } };
  });
}

/**
 * PUT /api/operator/content/campaign (admin; the body checked by `saveCampaignInputSchema` at the
 * route): the hero's texts and key visual on the year, guarded by the year's `updatedAt`. All empty
 * stores none (the default claim shows); a key visual alone keeps the default texts.
 */
export async function saveCampaign({
  ctx,
  input,
}: ServiceCall<DbCtx, { body: SaveCampaignInput; actor: Actor }>): Promise<ContentAdminDto> {
  const body = input.body;
  const claim = body.claim.trim();
  const subline = body.subline.trim();
  const prize = body.prize.trim();
  const campaign: CampaignDto | null =
    claim || body.image
      ? {
          claim,
          ...(claim && subline ? { subline } : {}),
          ...(claim && prize ? { prize } : {}),
          ...(body.image ? { image: body.image } : {}),
        }
      : null;
  return saveYear(ctx, input.actor, { part: 'campaign', expectedUpdatedAt: body.expectedUpdatedAt, stale: MESSAGES.staleCampaign }, (old) =>
    // Compared key-order-free: jsonb keeps its own key order.
    stableStringify(campaign) === stableStringify(old.campaign ?? null)
      ? null
      : { values: { campaign }, details: { before: campaignOf(old.campaign), after: campaignOf(campaign) } },
  );
}

async function saveSite(
  ctx: DbCtx,
  actor: Actor,
  expectedUpdatedAt: string,
  subjectId: string,
  next: (old: SiteRow) => Partial<NewSiteRow>,
  summary: (row: Pick<SiteRow, keyof NewSiteRow>) => Record<string, unknown>,
): Promise<ContentAdminDto> {
  const { year } = await current(ctx);
  const saved = await ctx.db.transaction(async (tx) => {
    const old = await repo.lockSite(tx);
    if (!old) throw new NotFoundError(MESSAGES.noSeason);
    if (old.updatedAt.toISOString() !== expectedUpdatedAt)
      throw new ConflictError(MESSAGES.staleSite, { updatedAt: old.updatedAt.toISOString() });
    const values = next(old);
    const changed = (Object.keys(values) as (keyof NewSiteRow)[]).filter(
      (key) => JSON.stringify(values[key] ?? null) !== JSON.stringify(old[key as keyof SiteRow] ?? null),
    );
    if (!changed.length) return old;
    const now = ctx.now();
    const row = await repo.updateSite(tx, { ...values, updatedAt: nextVersion(now, old.updatedAt) });
    await appendAudit(tx, {
      action: CONTENT_UPDATE_ACTION,
      ...actorFields(actor),
      subjectType: 'content',
      subjectId,
      reason: null,
      details: { part: subjectId, before: summary(old), after: summary(row) },
      at: now,
    });
    return row;
  });
  // The space data shows it (modules/cache).
  await announce(ctx, [topics.content]);
  return toDto(year, saved);
}

/**
 * PUT /api/operator/content/banner (admin): '' clears a strip's text (the default slogan shows).
 * Since issue 26 the strips belong to the current season (`year.banner_text1/2`: a copied season
 * takes them along, a switch shows the new season's). The API is unchanged: the save names the
 * site's `updatedAt` (`siteUpdatedAt`) and moves it; the year's `updatedAt` is the teasers' and
 * the campaign's version and stays.
 */
export async function saveBanner({ ctx, input }: { ctx: DbCtx; input: { body: SaveBannerInput; actor: Actor } }): Promise<ContentAdminDto> {
  const body = input.body;
  const next = { bannerText1: body.text1.trim() || null, bannerText2: body.text2.trim() || null };
  const saved = await ctx.db.transaction(async (tx) => {
    const old = await repo.lockSite(tx);
    if (!old?.currentYearId) throw new NotFoundError(MESSAGES.noSeason);
    if (old.updatedAt.toISOString() !== body.expectedUpdatedAt)
      throw new ConflictError(MESSAGES.staleSite, { updatedAt: old.updatedAt.toISOString() });
    const year = await repo.lockYear(tx, old.currentYearId);
    if (!year) throw new NotFoundError(MESSAGES.noSeason);
    if ((year.bannerText1 ?? null) === next.bannerText1 && (year.bannerText2 ?? null) === next.bannerText2) return { site: old, year };
    const now = ctx.now();
    const savedYear = await repo.updateYear(tx, year.id, next);
    const savedSite = await repo.updateSite(tx, { updatedAt: nextVersion(now, old.updatedAt) });
    await appendAudit(tx, {
      action: CONTENT_UPDATE_ACTION,
      ...actorFields(input.actor),
      subjectType: 'content',
      subjectId: 'banner',
      reason: null,
      details: {
        part: 'banner',
        yearId: year.id,
        before: { text1: year.bannerText1 ?? null, text2: year.bannerText2 ?? null },
        after: { text1: next.bannerText1, text2: next.bannerText2 },
      },
      at: now,
    });
    return { site: savedSite, year: savedYear };
  });
  // The space data shows it (modules/cache).
  await announce(ctx, [topics.content]);
  return toDto(saved.year, saved.site);
}

/** PUT /api/operator/content/legal/:page (admin; an unknown page is 404 at the route): the page's Markdown, stored with its rich text. */
export async function saveLegalPage({
  ctx,
  input,
}: ServiceCall<Ctx, { page: LegalPageKey; body: SaveLegalInput; actor: Actor }>): Promise<ContentAdminDto> {
  const { page, body } = input;
  const markdown = markdownText(body.markdown);
  const richText = await ctx.markdown.toRichText(markdown);
  if (!richText.children.length) {
    throw new ValidationError('Der Text enthält nichts, was die Seite zeigen kann (HTML, Bilder und Code werden nicht übernommen).', {
      field: 'markdown',
    });
  }
  const column = LEGAL_COLUMNS[page];
  return saveSite(
    ctx,
    input.actor,
    body.expectedUpdatedAt,
    `legal-${page}`,
    () => ({ [page]: richText, [column]: markdown }),
    (row) => ({ page, markdown: row[column] ?? richTextToMarkdown(row[page]) }),
  );
}

/** POST /api/operator/content/preview (admin): Markdown → the rich text a save would store; nothing is saved. */
export async function previewMarkdown({
  ctx,
  input,
}: ServiceCall<Pick<Ctx, 'markdown'>, { body: MarkdownPreviewInput }>): Promise<MarkdownPreviewDto> {
  const body = input.body;
  return { richText: await ctx.markdown.toRichText(markdownText(body.markdown)) };
}
