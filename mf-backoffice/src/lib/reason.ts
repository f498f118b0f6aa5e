import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '@erd/shared-contracts/backoffice';

/**
 * The words of an operator's reason in every dialog that asks for one. The rule itself is the
 * contracts' `isValidOperatorReason` (what the server's schemas check); the limits come from there
 * too, so no dialog writes 3 or 500 itself.
 */

const limits = `${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen`;

export const reasonTexts = {
  /** '3 bis 500 Zeichen.' */
  limits: `${limits}.`,
  /** A refused reason. */
  rule: `Bitte gib einen Grund an (${limits}).`,
  /** …where it must be one line (seasons). */
  ruleOneLine: `Bitte gib einen Grund an (${limits}, eine Zeile).`,
  /** The field's hint. */
  hint: `${limits}. Der Grund wird im Protokoll gespeichert.`,
  hintOneLine: `${limits}, eine Zeile. Der Grund wird im Protokoll gespeichert.`,
  /** The vote removal's hint: the club sees the reason too. */
  hintShownToClub: `${limits}. Der Verein sieht den Grund bei seinem Beitrag; er wird im Protokoll gespeichert.`,
} as const;
