import { z } from 'zod';
import { CLUB_SORTS } from '../backoffice.js';
import { count, wireId } from './common.js';
import { teamSchema } from './entities.js';

/**
 * Clubs in the back office (issue 8, `clubsAdminPaths`): both roles search the list; admins import
 * the clubs CSV (preview, then apply with the preview's hash) and upload a club's logo. The CSV
 * itself is the request body as the file's bytes (`text/csv`), read by the server: no schema here.
 */

/** The page size's upper bound (the server's `CLUB_MAX_PAGE_SIZE`). */
const CLUB_PAGE_SIZE_MAX = 100;

/** A whole number in a query (`?from=25`): a string on the wire, a number to the service. */
const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/** GET /api/operator/clubs: `query` is part of the name or the club number; `from` from 0, `size` 1–100 (default 25); `sort` default `name`. */
export const clubAdminQuerySchema = z.strictObject({
  query: z.string().max(200).optional(),
  from: queryInt(0, 10_000_000).optional(),
  size: queryInt(1, CLUB_PAGE_SIZE_MAX).optional(),
  sort: z.enum(CLUB_SORTS).optional(),
});
export type ClubAdminQueryInput = z.output<typeof clubAdminQuerySchema>;
/** The query as a client sends it (`from` and `size` also as the strings of a URL). */
export type ClubAdminQuery = z.input<typeof clubAdminQuerySchema>;

export const clubAdminSchema = z.object({
  id: z.string(),
  clubnumber: z.string(),
  clubname: z.string(),
  team: teamSchema,
  logourl: z.string().nullable(),
  linkurl: z.string().nullable(),
  updatedAt: z.string(),
});
export type ClubAdminDto = z.infer<typeof clubAdminSchema>;

export const clubAdminPageSchema = z.object({ items: z.array(clubAdminSchema), total: count, from: count, size: count });
export type ClubAdminPageDto = z.infer<typeof clubAdminPageSchema>;

/** POST /api/operator/clubs/:id/logo (multipart `file`). */
export const clubLogoParamsSchema = z.strictObject({ id: wireId });

/** The fields of a club the CSV sets. */
export const clubImportFieldsSchema = z.object({
  clubnumber: z.string(),
  clubname: z.string(),
  team: teamSchema,
  linkurl: z.string().nullable(),
});
export type ClubImportFieldsDto = z.infer<typeof clubImportFieldsSchema>;

/** A row the import refuses: the file's line (1 is the header) and why, in German. */
export const clubImportBadRowSchema = z.object({ line: z.number(), reason: z.string() });
export type ClubImportBadRowDto = z.infer<typeof clubImportBadRowSchema>;

/** The encoding the server read the file in: UTF-8 (with Excel's byte order mark or without) or Windows-1252 (German Excel's "CSV"). */
export const clubCsvEncodingSchema = z.enum(['utf-8', 'utf-8-bom', 'windows-1252']);
export type ClubCsvEncodingDto = z.infer<typeof clubCsvEncodingSchema>;

const clubImportClubSchema = clubImportFieldsSchema.extend({ id: z.string() });

/**
 * POST /api/operator/clubs/import/preview (the CSV as body): what applying the file would do;
 * nothing is written. Each list holds the first `CLUB_IMPORT_PREVIEW_LIST_MAX`; `totals` counts all.
 */
export const clubImportPreviewSchema = z.object({
  fileHash: z.string(),
  previewHash: z.string(),
  encoding: clubCsvEncodingSchema,
  rows: count,
  totals: z.object({ added: count, changed: count, removed: count, kept: count, badRows: count }),
  added: z.array(clubImportClubSchema.extend({ line: z.number() })),
  changed: z.array(z.object({ id: z.string(), line: z.number(), before: clubImportFieldsSchema, after: clubImportFieldsSchema })),
  unchanged: count,
  removed: z.array(clubImportClubSchema),
  kept: z.array(clubImportClubSchema),
  badRows: z.array(clubImportBadRowSchema),
});
export type ClubImportPreviewDto = z.infer<typeof clubImportPreviewSchema>;

const PREVIEW_HASH_MISSING = 'der Hash der Vorschau fehlt.';

/** POST /api/operator/clubs/import/apply?previewHash=…: the same file as the preview's, and its `previewHash`. */
export const clubImportApplyQuerySchema = z.strictObject({
  previewHash: z.string(PREVIEW_HASH_MISSING).regex(/^[0-9a-f]{64}$/, PREVIEW_HASH_MISSING),
});

export const clubImportResultSchema = z.object({
  fileHash: z.string(),
  added: count,
  changed: count,
  unchanged: count,
  removed: count,
  kept: count,
});
export type ClubImportResultDto = z.infer<typeof clubImportResultSchema>;

/** Why an import is refused with 409: the file has bad rows (`badRows` of them), or the file or the clubs changed since the preview. */
export const clubImportConflictSchema = z.enum(['bad-rows', 'stale']);

/** 409 of apply: the shared error answer with `conflict` (and `badRows` for 'bad-rows'). */
export const clubImportConflictAnswerSchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  conflict: clubImportConflictSchema,
  badRows: count.optional(),
});
