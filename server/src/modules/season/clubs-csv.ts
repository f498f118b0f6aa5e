import { Readable } from 'node:stream';
import { parse as parseCsv, type Options as CsvOptions } from 'csv-parse';
import { z } from 'zod';
import { cooperative } from '../../lib/cooperative.js';
import { BIDI_CONTROLS, isSingleLineText, REPLACEMENT_CHARACTER } from '../../lib/text.js';
import { CLUB_CSV_COLUMNS, clubRowSchema, type ClubCsvRow } from './schema.js';

/**
 * Reading a clubs CSV (docs/season-format.md), for the season import and the back office's import:
 * the bytes' encoding found out (never guessed into U+FFFD), the rows parsed and checked without
 * blocking the process for long (a file of 200,000 clubs), every bad row with its line and a
 * German reason.
 */

/** `utf-8-bom`: Excel's "CSV UTF-8"; `windows-1252`: Excel's plain "CSV" on a German Windows. */
export type ClubCsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252';

export class ClubCsvEncodingError extends Error {}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The file's text and its encoding: a UTF-8 byte order mark says UTF-8; bytes that are valid UTF-8
 * are UTF-8 (plain ASCII too); anything else is read as Windows-1252, the encoding of German
 * Excel's "CSV" (every byte is a character there, so nothing is lost). UTF-16 (Excel's "Unicode
 * text") is refused with a German message.
 */
export function decodeClubsCsv(bytes: Uint8Array): { text: string; encoding: ClubCsvEncoding } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ClubCsvEncodingError('Die Datei ist UTF-16-kodiert („Unicode-Text“). Speichere sie in Excel als „CSV UTF-8“ oder „CSV“.');
  }
  const bom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  try {
    // fatal: a byte that is no UTF-8 throws instead of becoming U+FFFD.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
    return { text, encoding: bom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    if (bom)
      throw new ClubCsvEncodingError(
        'Die Datei beginnt wie UTF-8, enthält aber Bytes, die kein UTF-8 sind. Speichere sie erneut als „CSV UTF-8“.',
      );
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

export interface ClubCsvBadRow {
  /** The file's line (1 is the header). */
  line: number;
  /** German. */
  reason: string;
}

export interface ClubsCsvRows {
  rows: Array<{ line: number; row: ClubCsvRow }>;
  badRows: ClubCsvBadRow[];
}

/** 16 KB of text at a time keeps each parse step short. */
const SLICE = 16 * 1024;
const zodGerman = z.locales.de().localeError;

function headerColumns(header: string[]): string[] {
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
}

/** German Excel separates cells with `;`: the header line says which separator the file uses. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r|\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

function parseErrorReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || code === 'CSV_RECORD_INCONSISTENT_COLUMNS') {
    return `Die Zeile hat nicht ${CLUB_CSV_COLUMNS.length} Spalten wie die Kopfzeile.`;
  }
  if (code === 'CSV_QUOTE_NOT_CLOSED') return 'Ein Anführungszeichen wird nicht geschlossen.';
  if (typeof code === 'string' && code.startsWith('CSV_')) return 'Die Zeile ist kein gültiges CSV.';
  return (error as Error).message;
}

/** Why a cell is refused, or null: the one rule for names (lib/text.ts) holds for every cell. */
function badCell(record: Record<string, string>): string | null {
  for (const column of CLUB_CSV_COLUMNS) {
    const value = record[column] ?? '';
    if (isSingleLineText(value)) continue;
    if (value.includes(REPLACEMENT_CHARACTER)) {
      return `${column} enthält das Ersatzzeichen „\uFFFD“: hier ging schon beim Speichern der Datei ein Buchstabe verloren. Korrigiere die Zeile.`;
    }
    if (BIDI_CONTROLS.test(value)) return `${column} enthält Steuerzeichen der Schreibrichtung (z. B. U+202E); die sind nicht erlaubt.`;
    return `${column} muss einzeilig sein und darf keine Steuerzeichen enthalten`;
  }
  return null;
}

/**
 * The rows of a clubs CSV (separator `,` or `;`, as the header line uses), checked with the
 * season's row rules; duplicates of clubnumber and team are bad rows. Parses 16 KB at a time and
 * pauses for other work every few milliseconds, so a 2 MB file never blocks the process for long.
 */
export async function readClubsCsv(text: string): Promise<ClubsCsvRows> {
  const pause = cooperative();
  const options: CsvOptions = {
    bom: true,
    columns: headerColumns,
    delimiter: delimiterOf(text),
    info: true,
    skip_empty_lines: true,
    trim: true,
  };
  const slices = function* () {
    for (let i = 0; i < text.length; i += SLICE) yield text.slice(i, i + SLICE);
  };
  const parser = Readable.from(slices()).pipe(parseCsv(options));
  const rows: ClubsCsvRows['rows'] = [];
  const badRows: ClubCsvBadRow[] = [];
  const keys = new Map<string, number>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      await pause();
      const line = info.lines;
      const cell = badCell(record);
      if (cell) {
        badRows.push({ line, reason: cell });
        continue;
      }
      const parsed = clubRowSchema.safeParse(record, { error: zodGerman });
      if (!parsed.success) {
        badRows.push({ line, reason: parsed.error.issues.map((i) => i.message).join('; ') });
        continue;
      }
      const row = parsed.data;
      const key = `${row.clubnumber}/${row.team}`;
      const first = keys.get(key);
      if (first !== undefined) {
        badRows.push({ line, reason: `Verein ${row.clubnumber} mit team ${row.team} steht schon in Zeile ${first}` });
        continue;
      }
      keys.set(key, line);
      rows.push({ line, row });
    }
  } catch (error) {
    const lines = (error as { lines?: unknown }).lines;
    return { rows: [], badRows: [{ line: typeof lines === 'number' && lines > 0 ? lines : 1, reason: parseErrorReason(error) }] };
  }
  if (!rows.length && !badRows.length) badRows.push({ line: 1, reason: 'Die Datei enthält keine Vereine.' });
  return { rows, badRows };
}
