/**
 * Site content in the back office (issue 8): home teasers, banner texts and the legal pages (Markdown with a preview);
 * the season's campaign (issue 24: claim, subline, lead prize, key visual; zod schemas in `schemas/campaign.ts`).
 *
 * Both roles read (`GET contentAdminPaths.content`); admins save one part at a time (teasers,
 * banner texts, one legal page), each naming the `updatedAt` it was loaded with
 * (`expectedUpdatedAt`): when someone else saved in between, the answer is 409 `Conflict` with a
 * German message and nothing changes. Teasers and the campaign live on the year (`teasersUpdatedAt`), banner texts
 * and legal pages on the site (`siteUpdatedAt`). Markdown becomes the public `RichTextDto` on the
 * server (the season import's conversion); `preview` converts without saving, so the preview shows
 * exactly what a save stores. The wire types are derived from the zod schemas in `schemas/content-admin.ts`.
 */
import type { z } from 'zod';
import type {
  contentAdminSchema,
  contentBannerInputSchema,
  contentLegalInputSchema,
  contentTeasersInputSchema,
  legalPageAdminSchema,
  markdownPreviewInputSchema,
  markdownPreviewSchema,
  teaserAdminSchema,
} from './schemas/content-admin.js';

export type { CampaignAdminDto, SaveCampaignInput } from './schemas/campaign.js';

export const contentAdminPaths = {
  /** GET (both roles) → ContentAdminDto. */
  content: '/api/operator/content',
  /** PUT (admin) SaveTeasersInput → ContentAdminDto. */
  teasers: '/api/operator/content/teasers',
  /** PUT (admin) SaveCampaignInput (`saveCampaignInputSchema`) → ContentAdminDto. */
  campaign: '/api/operator/content/campaign',
  /** PUT (admin) SaveBannerInput → ContentAdminDto. */
  banner: '/api/operator/content/banner',
  /** PUT (admin) SaveLegalInput → ContentAdminDto. */
  legal: (page: LegalPageKey) => `/api/operator/content/legal/${page}`,
  /** POST (admin) MarkdownPreviewInput → MarkdownPreviewDto; nothing is saved. */
  preview: '/api/operator/content/preview',
} as const;

/** The back-office screen. */
export const contentAdminRoute = '/backoffice/inhalte';

export const TEASER_KEYS = ['teaser1', 'teaser2', 'teaserPrizes'] as const;
export type TeaserKey = (typeof TEASER_KEYS)[number];

export const LEGAL_PAGE_KEYS = ['terms', 'dataProtection', 'imprint'] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];

/** Limits the server enforces (the screen checks them first). */
export const CONTENT_LIMITS = {
  headline: 200,
  subheadline: 300,
  description: 1000,
  /** A teaser's Markdown text. */
  teaserText: 5000,
  /** One legal page's Markdown. */
  legal: 100_000,
  /** One banner slogan (one line). */
  banner: 60,
  /** Images per teaser, as the home page shows them (spec §2). */
  images: { teaser1: 1, teaser2: 2, teaserPrizes: 4 } satisfies Record<TeaserKey, number>,
} as const;

/** The banner strips' slogan when none is set. */
export const DEFAULT_BANNER_TEXT = 'BEREIT ZU PUNKTEN?';

/** A teaser as the back office edits it: the text as Markdown; '' for what is not set. */
export type TeaserAdminDto = z.infer<typeof teaserAdminSchema>;

export type LegalPageAdminDto = z.infer<typeof legalPageAdminSchema>;

/** GET content and every save's answer (`contentAdminSchema`). */
export type ContentAdminDto = z.infer<typeof contentAdminSchema>;

/** `contentTeasersInputSchema`. */
export type SaveTeasersInput = z.input<typeof contentTeasersInputSchema>;

/** `contentBannerInputSchema`: '' clears (the default slogan shows). */
export type SaveBannerInput = z.input<typeof contentBannerInputSchema>;

/** `contentLegalInputSchema`. */
export type SaveLegalInput = z.input<typeof contentLegalInputSchema>;

/** `markdownPreviewInputSchema`. */
export type MarkdownPreviewInput = z.input<typeof markdownPreviewInputSchema>;

export type MarkdownPreviewDto = z.infer<typeof markdownPreviewSchema>;
