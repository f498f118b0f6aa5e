import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { findPublishedResult } from './repository.js';

/** Where the result files are served (spec §7 "static result files"). */
export const RESULTS_BASE = '/results';

/** Static result files (spec §7): `overall-{yearId}.json` and `challenge-{challengeId}.json`. */
const FILE = /^(overall|challenge)-([A-Za-z0-9][A-Za-z0-9_-]{0,199})\.json$/;

export interface PublishedResultFile {
  rows: StandingRowDto[];
  publishedAt: Date;
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
  if (!row) throw new NotFoundError('Noch keine Ergebnisse veröffentlicht');
  return { rows: row.rows, publishedAt: row.publishedAt };
}
