import { isPlainText, isSingleLine, textLength } from './text-rules.js';

/**
 * An operator's reason for a change (block, delete, unsubscribe, a role, a decision, removed votes,
 * a season's switch …; kept in the audit log): 3 to 500 characters once trimmed, plain text, and a
 * single line where the seasons ask for one. Zod-free: the wire schemas are built from these
 * (`.min`/`.max` with the limits, `.refine` with `isOperatorReasonText`) and the back office's
 * forms call `isValidOperatorReason` and show the limits (ADR 0021, 'Forms: one rule per field').
 */

export const OPERATOR_REASON_MIN_LENGTH = 3;
export const OPERATOR_REASON_MAX_LENGTH = 500;

export interface OperatorReasonOptions {
  /** One line (the seasons' reasons): no tab, line break or bidi control either. */
  singleLine?: boolean;
}

/** The characters of a (trimmed) reason: plain text, or a single line when asked. Says nothing about its length. */
export function isOperatorReasonText(value: string, options: OperatorReasonOptions = {}): boolean {
  return options.singleLine ? isSingleLine(value) : isPlainText(value);
}

/**
 * True for a reason the server takes: trimmed, `OPERATOR_REASON_MIN_LENGTH`–`OPERATOR_REASON_MAX_LENGTH`
 * characters (code points, as the schemas count), plain text (one line when asked).
 */
export function isValidOperatorReason(value: string, options: OperatorReasonOptions = {}): boolean {
  const trimmed = value.trim();
  const length = textLength(trimmed);
  return length >= OPERATOR_REASON_MIN_LENGTH && length <= OPERATOR_REASON_MAX_LENGTH && isOperatorReasonText(trimmed, options);
}
