import { z } from 'zod';
import { isOperatorReasonText, OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '../operator-reason.js';
import { isSingleLine } from '../text-rules.js';

// The zod-free rules the schemas are built from, where they have always been imported from.
export { isSingleLine } from '../text-rules.js';
export { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '../operator-reason.js';

/**
 * Building blocks of the wire schemas (zod): what every text the server takes must satisfy. The one
 * input rule: no NUL, no control character (tab and line breaks only where a schema allows them), no
 * broken UTF-16 or U+FFFD, no bidi control in a single-line text.
 */

/** Same limit as the server's `ID_MAX_LENGTH` for ids in paths and bodies. */
export const WIRE_ID_MAX_LENGTH = 200;

/** A single-line text of `min`–`max` characters. */
export const singleLine = (min: number, max: number) =>
  z.string().min(min).max(max).refine(isSingleLine, { message: 'Steuerzeichen sind nicht erlaubt.' });

/** An id of an object in a path, query or body. */
export const wireId = singleLine(1, WIRE_ID_MAX_LENGTH);

/** A calendar day, `YYYY-MM-DD` (Europe/Berlin where it is a day of the campaign). */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT');

export const count = z.number().int().nonnegative();

const OPERATOR_REASON_MESSAGE = `Gib einen Grund an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`;

/**
 * An operator's reason for a change (block, delete, unsubscribe, a role …; kept in the audit log):
 * 3 to 500 characters once trimmed, plain text (the rule: `../operator-reason.ts`). Every problem answers
 * the one German message.
 */
export const operatorReasonSchema = z
  .string({ error: OPERATOR_REASON_MESSAGE })
  .trim()
  .min(OPERATOR_REASON_MIN_LENGTH, OPERATOR_REASON_MESSAGE)
  .max(OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MESSAGE)
  .refine((value) => isOperatorReasonText(value), { message: OPERATOR_REASON_MESSAGE });
