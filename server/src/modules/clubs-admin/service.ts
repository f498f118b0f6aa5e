import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import type {
  ClubAdminDto,
  ClubAdminPageDto,
  ClubImportBadRowDto,
  ClubImportFieldsDto,
  ClubImportPreviewDto,
  ClubImportResultDto,
  ClubSortDto,
} from '@erd/shared-contracts/backoffice';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ClubRow, NewClubRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { stableStringify } from '../../lib/stable-json.js';
import { isSingleLineText, normalizeSearch } from '../../lib/text.js';
import { appendAudit, type Actor } from '../audit/service.js';
import { uploadMedia } from '../challenges-admin/media.js';
import * as seasonRepo from '../season/repository.js';
import { CLUB_CSV_COLUMNS, clubRowSchema } from '../season/schema.js';
import { clubId } from '../season/service.js';
import { announcing, topics } from '../cache/changes.js';
import * as repo from './repository.js';

/**
 * Clubs in the back office (issue 8): both roles search the list (paged and sorted in the
 * database); admins import a clubs CSV in the season's clubs.csv format
 * (docs/season-format.md, `clubRowSchema`) in two steps: the preview says what would change
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

const zodGerman = z.locales.de().localeError;

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
}: {
  ctx: Pick<AppContext, 'db'>;
  input: { query?: string; from?: number; size?: number; sort?: ClubSortDto };
}): Promise<ClubAdminPageDto> {
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

/** Parses the CSV with the season's columns and row rules; every bad row with its line and a German reason. */
export function parseClubsCsv(text: string, current: ReadonlyMap<string, ClubRow>): ParsedFile {
  const badRows: ClubImportBadRowDto[] = [];
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      bom: true,
      columns: (header: string[]) => {
        const columns = header.map((h) => h.trim());
        const missing = CLUB_CSV_COLUMNS.filter((c) => !columns.includes(c));
        const unknown = columns.filter((c) => !(CLUB_CSV_COLUMNS as readonly string[]).includes(c));
        if (missing.length || unknown.length) {
          throw new Error(
            `Kopfzeile muss "${CLUB_CSV_COLUMNS.join(',')}" sein` +
              (missing.length ? `; es fehlt: ${missing.join(', ')}` : '') +
              (unknown.length ? `; unbekannt: ${unknown.join(', ')}` : ''),
          );
        }
        return columns;
      },
      info: true,
      skip_empty_lines: true,
      trim: true,
    }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  } catch (error) {
    const lines = (error as { lines?: unknown }).lines;
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || code === 'CSV_RECORD_INCONSISTENT_COLUMNS'
        ? `Die Zeile hat nicht ${CLUB_CSV_COLUMNS.length} Spalten wie die Kopfzeile.`
        : code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'Ein Anführungszeichen wird nicht geschlossen.'
          : typeof code === 'string' && code.startsWith('CSV_')
            ? 'Die Zeile ist kein gültiges CSV.'
            : (error as Error).message;
    badRows.push({ line: typeof lines === 'number' && lines > 0 ? lines : 1, reason });
    return { rows: [], badRows };
  }
  if (!records.length) badRows.push({ line: 1, reason: 'Die Datei enthält keine Vereine.' });
  const rows: FileRow[] = [];
  const keys = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const parsed = clubRowSchema.safeParse(record, { error: zodGerman });
    if (!parsed.success) {
      badRows.push({ line, reason: parsed.error.issues.map((i) => i.message).join('; ') });
      continue;
    }
    const row = parsed.data;
    if (!isSingleLineText(row.clubname)) {
      badRows.push({ line, reason: 'clubname muss einzeilig sein und darf keine Steuerzeichen enthalten' });
      continue;
    }
    const key = `${row.clubnumber}/${row.team}`;
    const first = keys.get(key);
    if (first !== undefined) {
      badRows.push({ line, reason: `Verein ${row.clubnumber} mit team ${row.team} steht schon in Zeile ${first}` });
      continue;
    }
    keys.set(key, line);
    const id = clubId(row.clubnumber, row.team);
    if (row.logourl && row.logourl !== (current.get(id)?.logourl ?? '')) {
      badRows.push({ line, reason: 'logourl: Logos lädst du im Back Office beim Verein hoch; lass die Spalte leer.' });
      continue;
    }
    rows.push({ id, line, clubnumber: row.clubnumber, clubname: row.clubname, team: row.team, linkurl: row.linkurl || null });
  }
  return { rows, badRows };
}

function fieldsOf(row: ClubRow): ClubImportFieldsDto {
  return { clubnumber: row.clubnumber, clubname: row.clubname, team: row.team, linkurl: row.linkurl };
}

const sameFields = (a: ClubImportFieldsDto, b: ClubImportFieldsDto) => stableStringify(a) === stableStringify(b);

async function planImport(db: Db, text: string): Promise<ClubImportPreviewDto> {
  const fileHash = createHash('sha256').update(text, 'utf8').digest('hex');
  const current = new Map((await seasonRepo.listClubs(db)).map((row) => [row.id, row]));
  const { rows, badRows } = parseClubsCsv(text, current);
  const added: ClubImportPreviewDto['added'] = [];
  const changed: ClubImportPreviewDto['changed'] = [];
  let unchanged = 0;
  for (const row of rows) {
    const old = current.get(row.id);
    const { line: _line, id: _id, ...after } = row;
    if (!old) added.push(row);
    else if (!sameFields(fieldsOf(old), after)) changed.push({ id: row.id, line: row.line, before: fieldsOf(old), after });
    else unchanged++;
  }
  const inFile = new Set(rows.map((r) => r.id));
  const gone = [...current.keys()].filter((id) => !inFile.has(id)).sort();
  // With bad rows the file is not applied; the comparison with the database is still shown.
  const busy = await seasonRepo.clubsInUse(db, gone);
  const removed = gone.filter((id) => !busy.has(id)).map((id) => ({ id, ...fieldsOf(current.get(id)!) }));
  const kept = gone.filter((id) => busy.has(id)).map((id) => ({ id, ...fieldsOf(current.get(id)!) }));
  const plan = { fileHash, added, changed, removed: removed.map((r) => r.id), kept: kept.map((r) => r.id), unchanged };
  const previewHash = createHash('sha256').update(stableStringify(plan), 'utf8').digest('hex');
  return { fileHash, previewHash, rows: rows.length + badRows.filter((b) => b.line > 1).length, added, changed, unchanged, removed, kept, badRows };
}

function checkSize(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) throw new ValidationError('Wähle eine CSV-Datei mit Vereinen.', { field: 'file' });
  if (Buffer.byteLength(text, 'utf8') > CLUB_CSV_MAX_BYTES) throw new ValidationError('Die Datei ist größer als 2 MB.', { field: 'file' });
  return text;
}

/** POST /api/operator/clubs/import/preview: nothing is written. */
export async function previewClubImport({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { text: unknown } }): Promise<ClubImportPreviewDto> {
  return planImport(ctx.db, checkSize(input.text));
}

/** POST /api/operator/clubs/import/apply: exactly the previewed changes, in one transaction, audited. */
export async function applyClubImport({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  input: { text: unknown; previewHash: unknown; actor: Actor };
}): Promise<ClubImportResultDto> {
  const text = checkSize(input.text);
  if (typeof input.previewHash !== 'string' || !/^[0-9a-f]{64}$/.test(input.previewHash)) {
    throw new ValidationError('previewHash: der Hash der Vorschau fehlt.', { field: 'previewHash' });
  }
  const now = ctx.now();
  // The club catalogue and the browse lists show it (modules/cache).
  return announcing(ctx, [topics.content], ctx.db.transaction(async (tx) => {
    await repo.lockClubImport(tx);
    const plan = await planImport(tx, text);
    if (plan.badRows.length) {
      throw new ConflictError('Die Datei hat fehlerhafte Zeilen und wird nicht übernommen.', { conflict: 'bad-rows', badRows: plan.badRows.length });
    }
    if (plan.previewHash !== input.previewHash) {
      throw new ConflictError('Die Datei oder die Vereinsliste hat sich seit der Vorschau geändert. Bitte prüfe die Datei erneut.', {
        conflict: 'stale',
      });
    }
    const inserts: NewClubRow[] = plan.added.map((row) => ({
      id: row.id,
      clubnumber: row.clubnumber,
      clubname: row.clubname,
      team: row.team,
      linkurl: row.linkurl,
      logourl: null,
      search: normalizeSearch(`${row.clubname} ${row.clubnumber}`),
      createdAt: now,
      updatedAt: now,
    }));
    await seasonRepo.insertClubs(tx, inserts);
    for (const change of plan.changed) {
      await seasonRepo.updateClub(tx, change.id, {
        clubname: change.after.clubname,
        linkurl: change.after.linkurl,
        search: normalizeSearch(`${change.after.clubname} ${change.after.clubnumber}`),
        updatedAt: now,
      });
    }
    await seasonRepo.deleteClubs(tx, plan.removed.map((r) => r.id));
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
      operatorId: input.actor.operatorId,
      actor: input.actor.name,
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
  }));
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
}: {
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'media' | 'pictures' | 'log'>;
  input: { id: string; file: Readable; filename: string; actor: Actor };
}): Promise<ClubAdminDto> {
  const existing = await repo.findClub(ctx.db, input.id);
  if (!existing) {
    input.file.resume();
    throw new NotFoundError('Diesen Verein gibt es nicht.');
  }
  const image = await uploadMedia({ ctx, input: { file: input.file, filename: input.filename, actor: input.actor } });
  const now = ctx.now();
  // The club catalogue and the browse lists show it (modules/cache).
  return announcing(ctx, [topics.content], ctx.db.transaction(async (tx) => {
    const before = await repo.findClub(tx, input.id);
    if (!before) throw new NotFoundError('Diesen Verein gibt es nicht.');
    await seasonRepo.updateClub(tx, input.id, { logourl: image.fields.file.url, updatedAt: now });
    await appendAudit(tx, {
      action: CLUB_LOGO_ACTION,
      operatorId: input.actor.operatorId,
      actor: input.actor.name,
      subjectType: 'club',
      subjectId: input.id,
      reason: null,
      details: { before: { logourl: before.logourl }, after: { logourl: image.fields.file.url } },
      at: now,
    });
    return toDto({ ...before, logourl: image.fields.file.url, updatedAt: now });
  }));
}
