/**
 * The character rules of every text the server takes, zod-free: the wire schemas (`./schemas`) refine
 * with these functions and the forms call the same ones, so a rule is written once (ADR 0021, 'Forms:
 * one rule per field'). No NUL, no control character (tab and line breaks only in plain text), no
 * broken UTF-16 or U+FFFD, no bidi control and no line or paragraph separator in a single-line text.
 *
 * The entry `@erd/shared-contracts/text-rules` of the public forms (the back office takes the same
 * functions from `./backoffice`): not a Module Federation singleton, so a remote bundles only what
 * it imports and the contracts' shared entry (loaded whole by every page) does not grow. It also
 * carries the plain limits a public form shares with its schema.
 */

export { CLUB_REQUEST_LIMITS } from './club-request.js';

/** Any C0 or C1 control character, DEL included (tab and line breaks too). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** A control character other than tab and line breaks (`\t`, `\n`, `\r` are plain text). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const PLAIN_TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair without its other half: broken UTF-16. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Bidi embeddings, overrides, isolates and marks: they reorder the text shown beside them. */
export const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
/** Unicode's line and paragraph separators (U+2028, U+2029): line breaks, though no control characters. */
export const LINE_SEPARATOR = /[\u2028\u2029]/;
/** U+FFFD stands where a decoder lost a character: never typed, always a damaged text. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/** True for a single line a person can have typed: no control, line separator, bidi control, broken UTF-16 or U+FFFD. */
export function isSingleLine(value: string): boolean {
  return (
    !CONTROL.test(value) &&
    !LINE_SEPARATOR.test(value) &&
    !LONE_SURROGATE.test(value) &&
    !BIDI.test(value) &&
    !value.includes(REPLACEMENT_CHARACTER)
  );
}

/** True for text a person can have typed: no control character but tab and line breaks, no broken UTF-16 or U+FFFD. */
export function isPlainText(value: string): boolean {
  return !PLAIN_TEXT_CONTROL.test(value) && !LONE_SURROGATE.test(value) && !value.includes(REPLACEMENT_CHARACTER);
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * A text's length as the wire schemas count it: in code points (zod's `.min`/`.max` on strings), so
 * an emoji is one character; a lone surrogate counts as one too. `String.length` counts UTF-16 units.
 */
export function textLength(value: string): number {
  return value.length - (value.match(SURROGATE_PAIR)?.length ?? 0);
}
