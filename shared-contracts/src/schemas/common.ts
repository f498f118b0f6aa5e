import { z } from 'zod';

/**
 * Building blocks of the wire schemas (zod): what every text the server takes must satisfy. The one
 * input rule: no NUL, no control character (tab and line breaks only where a schema allows them), no
 * broken UTF-16 or U+FFFD, no bidi control in a single-line text.
 */

/** Same limit as the server's `ID_MAX_LENGTH` for ids in paths and bodies. */
export const WIRE_ID_MAX_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** True for a single line a person can have typed: no control, bidi control, broken UTF-16 or U+FFFD. */
export function isSingleLine(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value) && !BIDI.test(value) && !value.includes('\uFFFD');
}

/** A single-line text of `min`–`max` characters. */
export const singleLine = (min: number, max: number) =>
  z.string().min(min).max(max).refine(isSingleLine, { message: 'Steuerzeichen sind nicht erlaubt.' });

/** An id of an object in a path, query or body. */
export const wireId = singleLine(1, WIRE_ID_MAX_LENGTH);

/** A calendar day, `YYYY-MM-DD` (Europe/Berlin where it is a day of the campaign). */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT');

export const count = z.number().int().nonnegative();

export const OPERATOR_REASON_MIN_LENGTH = 3;
export const OPERATOR_REASON_MAX_LENGTH = 500;
const OPERATOR_REASON_MESSAGE = `Gib einen Grund an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`;
// Plain text: line breaks and tabs are allowed in a reason, other control characters are not.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REASON_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * An operator's reason for a change (block, delete, unsubscribe, a role …; kept in the audit log):
 * 3 to 500 characters once trimmed, plain text. Every problem answers the one German message.
 */
export const operatorReasonSchema = z
  .string({ error: OPERATOR_REASON_MESSAGE })
  .trim()
  .min(OPERATOR_REASON_MIN_LENGTH, OPERATOR_REASON_MESSAGE)
  .max(OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MESSAGE)
  .refine((value) => !REASON_CONTROL.test(value) && !LONE_SURROGATE.test(value) && !value.includes('\uFFFD'), {
    message: OPERATOR_REASON_MESSAGE,
  });
