import { createHash } from 'node:crypto';
import type {
  ClubAdminDto,
  ClubAdminPageDto,
  ClubImportBadRowDto,
  ClubImportFieldsDto,
  ClubImportPreviewDto,
  ClubImportResultDto,
} from '@erd/shared-contracts/backoffice';
import type { ClubAdminQueryInput } from '@erd/shared-contracts/schemas';
import { CLUB_IMPORT_PREVIEW_LIST_MAX } from '@erd/shared-contracts/backoffice';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import type { Readable } from 'node:stream';
import type { AppContext, ServiceCall } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ClubRow, NewClubRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { stableStringify } from '../../lib/stable-json.js';
import { cooperative } from '../../lib/cooperative.js';
import { normalizeSearch } from '../../lib/text.js';
import { actorFields, appendAudit, type Actor } from '../audit/service.js';
import { uploadMedia } from '../challenges-admin/media.js';
import * as seasonService from '../season/service.js';
import { ClubCsvEncodingError, decodeClubsCsv, readClubsCsv, type ClubCsvEncoding } from '../season/clubs-csv.js';
import { clubId } from '../season/service.js';
import { announcing, topics } from '../cache/changes.js';
import * as repo from './repository.js';

/**
 * Clubs in the back office (issue 8): both roles search the list (paged and sorted in the
 * database); admins import a clubs CSV in the season's clubs.csv format
 * (docs/season-format.md, `clubRowSchema`; UTF-8 or German Excel's Windows-1252, `;` or `,`,
 * read by season/clubs-csv.ts) in two steps: the preview says what would change
 * (new, changed with before/after, removed, kept because of an account or entries, bad rows with
 * line and reason) and writes nothing; apply takes the same file and the preview's hash and writes
 * exactly that in one transaction, audited — or 409 if the file has bad rows or the clubs changed
 * in between. Logos are not the file's: they stay as they are.
 */

export const CLUB_PAGE_SIZE = 25;
export const CLUB_MAX_PAGE_SIZE = 100;
export const CLUB_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** At most this many changed rows carry before/after in the audit row (the counts are always there). */
export const AUDIT_CHANGED_MAX = 200;
export const CLUB_IMPORT_ACTION = 'clubs-import' as AuditAction;

function toDto(row: ClubRow): ClubAdminDto {
  return {
    id: row.id,
    clubnumber: row.clubnumber,
    clubname: row.clubname,
    team: row.team,
    logourl: row.logourl,
    linkurl: row.linkurl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/operator/clubs */
export async function listClubsForOperator({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, ClubAdminQueryInput>): Promise<ClubAdminPageDto> {
  const from = input.from ?? 0;
  const size = Math.min(input.size ?? CLUB_PAGE_SIZE, CLUB_MAX_PAGE_SIZE);
  const query = input.query?.trim() || undefined;
  const { rows, total } = await repo.listClubs(ctx.db, { query, sort: input.sort ?? 'name' }, { offset: from, limit: size });
  return { items: rows.map(toDto), total, from, size };
}

// ---------------------------------------------------------------------------------------------
// Import

interface FileRow extends ClubImportFieldsDto {
  id: string;
  line: number;
}

interface ParsedFile {
  rows: FileRow[];
  badRows: ClubImportBadRowDto[];
}

/** The file's rows with the season's rules (season/clubs-csv.ts) and the back office's own: logos are uploaded, not listed. */
export async function parseClubsCsv(text: string, current: ReadonlyMap<string, ClubRow>): Promise<ParsedFile> {
  const read = await readClubsCsv(text);
  const badRows: ClubImportBadRowDto[] = [...read.badRows];
  const rows: FileRow[] = [];
  for (const { line, row } of read.rows) {
    const id = clubId(row.clubnumber, row.team);
    if (row.logourl && row.logourl !== (current.get(id)?.logourl ?? '')) {
      badRows.push({ line, reason: 'logourl: Logos lädst du im Back Office beim Verein hoch; lass die Spalte leer.' });
      continue;
    }
    rows.push({ id, line, clubnumber: row.clubnumber, clubname: row.clubname, team: row.team, linkurl: row.linkurl || null });
  }
  badRows.sort((a, b) => a.line - b.line);
  return { rows, badRows };
}

function fieldsOf(row: ClubRow): ClubImportFieldsDto {
  return { clubnumber: row.clubnumber, clubname: row.clubname, team: row.team, linkurl: row.linkurl };
}

const sameFields = (a: ClubImportFieldsDto, b: ClubImportFieldsDto) =>
  a.clubnumber === b.clubnumber && a.clubname === b.clubname && a.team === b.team && a.linkurl === b.linkurl;

interface ClubsFile {
  bytes: Buffer;
  text: string;
  encoding: ClubCsvEncoding;
}

interface ImportPlan {
  fileHash: string;
  previewHash: string;
  encoding: ClubCsvEncoding;
  rows: number;
  added: FileRow[];
  changed: ClubImportPreviewDto['changed'];
  unchanged: number;
  removed: ClubImportPreviewDto['removed'];
  kept: ClubImportPreviewDto['kept'];
  badRows: ClubImportBadRowDto[];
}

/**
 * What the file would change. Every loop over the rows pauses now and then (lib/cooperative.ts):
 * 200,000 rows must not freeze the process. The preview hash covers the whole plan, item by item.
 */
async function planImport(db: Db, file: ClubsFile): Promise<ImportPlan> {
  const pause = cooperative();
  const fileHash = createHash('sha256').update(file.bytes).digest('hex');
  const current = new Map((await seasonService.listClubs(db)).map((row) => [row.id, row]));
  const { rows, badRows } = await parseClubsCsv(file.text, current);
  const added: FileRow[] = [];
  const changed: ImportPlan['changed'] = [];
  let unchanged = 0;
  const inFile = new Set<string>();
  for (const row of rows) {
    await pause();
    inFile.add(row.id);
    const old = current.get(row.id);
    const { line: _line, id: _id, ...after } = row;
    if (!old) added.push(row);
    else if (!sameFields(fieldsOf(old), after)) changed.push({ id: row.id, line: row.line, before: fieldsOf(old), after });
    else unchanged++;
  }
  const gone = [...current.keys()].filter((id) => !inFile.has(id)).sort();
  // With bad rows the file is not applied; the comparison with the database is still shown.
  const busy = await seasonService.clubsInUse(db, gone);
  const removed = gone.filter((id) => !busy.has(id)).map((id) => ({ id, ...fieldsOf(current.get(id)!) }));
  const kept = gone.filter((id) => busy.has(id)).map((id) => ({ id, ...fieldsOf(current.get(id)!) }));
  const hash = createHash('sha256').update(`${fileHash}\n${unchanged}`);
  const sections = [
    ['added', added],
    ['changed', changed],
    ['removed', removed.map((r) => r.id)],
    ['kept', kept.map((r) => r.id)],
  ] as const;
  for (const [name, items] of sections) {
    hash.update(`\n${name}`);
    for (const item of items) {
      await pause();
      hash.update(`\n${stableStringify(item)}`);
    }
  }
  return {
    fileHash,
    previewHash: hash.digest('hex'),
    encoding: file.encoding,
    rows: rows.length + badRows.filter((b) => b.line > 1).length,
    added,
    changed,
    unchanged,
    removed,
    kept,
    badRows,
  };
}

/**
 * The file's bytes, decoded (German message for an empty, too big or UTF-16 file): the body as the
 * `text/csv` parser gave it (a Buffer; a string as `text/plain`), null without a file.
 */
function readFile(body: Buffer | string | null): ClubsFile {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const empty = () => new ValidationError('Wähle eine CSV-Datei mit Vereinen.', { field: 'file' });
  if (!bytes?.length) throw empty();
  if (bytes.length > CLUB_CSV_MAX_BYTES) throw new ValidationError('Die Datei ist größer als 2 MB.', { field: 'file' });
  let decoded: { text: string; encoding: ClubCsvEncoding };
  try {
    decoded = decodeClubsCsv(bytes);
  } catch (error) {
    if (error instanceof ClubCsvEncodingError) throw new ValidationError(error.message, { field: 'file' });
    throw error;
  }
  if (!decoded.text.trim()) throw empty();
  return { bytes, ...decoded };
}

const firstOf = <T>(items: readonly T[]): T[] => items.slice(0, CLUB_IMPORT_PREVIEW_LIST_MAX);

/** POST /api/operator/clubs/import/preview: nothing is written; each list is cut at CLUB_IMPORT_PREVIEW_LIST_MAX, `totals` counts all. */
export async function previewClubImport({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, { file: Buffer | string | null }>): Promise<ClubImportPreviewDto> {
  const plan = await planImport(ctx.db, readFile(input.file));
  return {
    fileHash: plan.fileHash,
    previewHash: plan.previewHash,
    encoding: plan.encoding,
    rows: plan.rows,
    totals: {
      added: plan.added.length,
      changed: plan.changed.length,
      removed: plan.removed.length,
      kept: plan.kept.length,
      badRows: plan.badRows.length,
    },
    added: firstOf(plan.added),
    changed: firstOf(plan.changed),
    unchanged: plan.unchanged,
    removed: firstOf(plan.removed),
    kept: firstOf(plan.kept),
    badRows: firstOf(plan.badRows),
  };
}

/** POST /api/operator/clubs/import/apply (`previewHash` checked by `clubImportApplyQuerySchema`): exactly the previewed changes, in one transaction, audited. */
export async function applyClubImport({
  ctx,
  input,
}: ServiceCall<
  Pick<AppContext, 'db' | 'now'>,
  { file: Buffer | string | null; previewHash: string; actor: Actor }
>): Promise<ClubImportResultDto> {
  const file = readFile(input.file);
  const now = ctx.now();
  // The club catalogue and the browse lists show it (modules/cache).
  return announcing(
    ctx,
    [topics.content],
    ctx.db.transaction(async (tx) => {
      await repo.lockClubImport(tx);
      const plan = await planImport(tx, file);
      if (plan.badRows.length) {
        throw new ConflictError('Die Datei hat fehlerhafte Zeilen und wird nicht übernommen.', {
          conflict: 'bad-rows',
          badRows: plan.badRows.length,
        });
      }
      if (plan.previewHash !== input.previewHash) {
        throw new ConflictError('Die Datei oder die Vereinsliste hat sich seit der Vorschau geändert. Bitte prüfe die Datei erneut.', {
          conflict: 'stale',
        });
      }
      const pause = cooperative();
      const inserts: NewClubRow[] = [];
      for (const row of plan.added) {
        await pause();
        inserts.push({
          id: row.id,
          clubnumber: row.clubnumber,
          clubname: row.clubname,
          team: row.team,
          linkurl: row.linkurl,
          logourl: null,
          search: normalizeSearch(`${row.clubname} ${row.clubnumber}`),
          createdAt: now,
          updatedAt: now,
        });
      }
      await seasonService.insertClubs(tx, inserts);
      for (const change of plan.changed) {
        await pause();
        await seasonService.updateClub(tx, change.id, {
          clubname: change.after.clubname,
          linkurl: change.after.linkurl,
          search: normalizeSearch(`${change.after.clubname} ${change.after.clubnumber}`),
          updatedAt: now,
        });
      }
      await seasonService.deleteClubs(
        tx,
        plan.removed.map((r) => r.id),
      );
      const result: ClubImportResultDto = {
        fileHash: plan.fileHash,
        added: plan.added.length,
        changed: plan.changed.length,
        unchanged: plan.unchanged,
        removed: plan.removed.length,
        kept: plan.kept.length,
      };
      await appendAudit(tx, {
        action: CLUB_IMPORT_ACTION,
        ...actorFields(input.actor),
        subjectType: 'clubs',
        subjectId: plan.fileHash,
        reason: null,
        details: {
          ...result,
          addedIds: plan.added.slice(0, AUDIT_CHANGED_MAX).map((r) => r.id),
          removedIds: plan.removed.slice(0, AUDIT_CHANGED_MAX).map((r) => r.id),
          keptIds: plan.kept.slice(0, AUDIT_CHANGED_MAX).map((r) => r.id),
          changes: plan.changed.slice(0, AUDIT_CHANGED_MAX).map(({ id, before, after }) => ({ id, before, after })),
          truncated: Math.max(plan.added.length, plan.changed.length, plan.removed.length, plan.kept.length) > AUDIT_CHANGED_MAX,
        },
        at: now,
      });
      return result;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Logo

export const CLUB_LOGO_ACTION = 'club-logo' as AuditAction;

/**
 * POST /api/operator/clubs/:id/logo (admin): one picture, judged and re-encoded like every
 * operator picture (modules/challenges-admin/media.ts: ctx.pictures, the media store, its own
 * `media-upload` audit row); the club's `logourl` then points at it (served at /media/…, as the
 * season import's logos), audited with before/after.
 */
export async function uploadClubLogo({
  ctx,
  input,
}: ServiceCall<
  Pick<AppContext, 'db' | 'now' | 'config' | 'media' | 'pictures' | 'log'>,
  { id: string; file: Readable; filename: string; actor: Actor }
>): Promise<ClubAdminDto> {
  const existing = await repo.findClub(ctx.db, input.id);
  if (!existing) {
    input.file.resume();
    throw new NotFoundError('Diesen Verein gibt es nicht.');
  }
  const image = await uploadMedia({ ctx, input: { file: input.file, filename: input.filename, actor: input.actor } });
  const now = ctx.now();
  // The club catalogue and the browse lists show it (modules/cache).
  return announcing(
    ctx,
    [topics.content],
    ctx.db.transaction(async (tx) => {
      const before = await repo.findClub(tx, input.id);
      if (!before) throw new NotFoundError('Diesen Verein gibt es nicht.');
      await seasonService.updateClub(tx, input.id, { logourl: image.fields.file.url, updatedAt: now });
      await appendAudit(tx, {
        action: CLUB_LOGO_ACTION,
        ...actorFields(input.actor),
        subjectType: 'club',
        subjectId: input.id,
        reason: null,
        details: { before: { logourl: before.logourl }, after: { logourl: image.fields.file.url } },
        at: now,
      });
      return toDto({ ...before, logourl: image.fields.file.url, updatedAt: now });
    }),
  );
}
