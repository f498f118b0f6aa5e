import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { findPublishedResult, resultSubjectExists } from './repository.js';

/** Where the result files are served (spec §7 "static result files"). */
export const RESULTS_BASE = '/results';

/** Static result files (spec §7): `overall-{yearId}.json` and `challenge-{challengeId}.json`. */
const FILE = /^(overall|challenge)-([A-Za-z0-9][A-Za-z0-9_-]{0,199})\.json$/;

export interface PublishedResultFile {
  rows: StandingRowDto[];
  /** null: nothing published yet for an existing year or challenge. */
  publishedAt: Date | null;
}

export async function getResultFile({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  input: { file: string };
}): Promise<PublishedResultFile> {
  const match = FILE.exec(input.file);
  const kind = match?.[1];
  const key = match?.[2];
  if ((kind !== 'overall' && kind !== 'challenge') || !key) throw new NotFoundError('Unbekannte Ergebnisdatei');
  const row = await findPublishedResult(ctx.db, kind, key);
  if (row) return { rows: row.rows, publishedAt: row.publishedAt };
  // An existing year or challenge without published results has an empty table (clubs without
  // points are not listed), not a missing file: the standings show their empty state either way,
  // and browsers do not log a failed request on every visit until the first results.
  if (await resultSubjectExists(ctx.db, kind, key)) return { rows: [], publishedAt: null };
  throw new NotFoundError('Unbekannte Ergebnisdatei');
}
