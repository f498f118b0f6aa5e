/**
 * Moderation in the back office (issue 8): the Werberat checklist stored with each decision, decisions on several entries at once, looking up an entry by its id (the id a 'Melden' e-mail carries).
 *
 * The checklist rule: every decision the back office makes carries the four points of the
 * Deutscher Werberat's rules for alcohol advertising, each `true` (the entry keeps the rule) or
 * `false` (it breaks it). Publishing needs all four `true` (else 400 `ValidationError`, field
 * `checklist`); a rejection needs a reason (3–500 characters) and stores the checklist as ticked, so
 * the log says which points failed (none, when the entry was rejected for something else). The
 * checklist goes into the audit row's `details.checklist` (`details.failedChecks` for rejections).
 *
 * A published entry that turns out to break the rules (a 'Melden' e-mail) is withdrawn
 * (`withdraw`): with a reason and the checklist, like a rejection; it is deleted with its votes and
 * the club may take part again while the challenge takes entries.
 *
 * The per-entry calls `operatorPaths.publish`/`reject` stay for scripts: `publish` takes the same
 * complete checklist (`{ checklist }`), `reject` a reason and optionally the checklist. The command
 * line decides without one (its rows have none); the back office decides through `decisions`.
 */

import type { z } from 'zod';
import type {
  moderationDecisionInputSchema,
  moderationDecisionItemSchema,
  moderationDecisionResultSchema,
  moderationDecisionSchema,
  moderationHistoryItemSchema,
  moderationLookupSchema,
  werberatChecklistSchema,
} from './schemas/moderation.js';

export const moderationAdminPaths = {
  /** POST `ModerationDecisionInput` → `ModerationDecisionResultDto` (both roles). */
  decisions: '/api/operator/moderation/decisions',
  /** GET → `ModerationLookupDto` (both roles); 404 `NotFound` when neither the entry nor the log knows the id. */
  entry: (participationId: string) => `/api/operator/moderation/entries/${encodeURIComponent(participationId)}`,
} as const;

/** The points of the checklist, in the order they are shown. */
export const WERBERAT_CHECK_KEYS = ['minors', 'traffic', 'performance', 'excess'] as const;
export type WerberatCheckKey = (typeof WERBERAT_CHECK_KEYS)[number];

/** What the moderator confirms for each point (German, as shown beside each entry). */
export const WERBERAT_CHECKS: Readonly<Record<WerberatCheckKey, { label: string; hint: string }>> = {
  minors: {
    label: 'Spricht keine Minderjährigen an',
    hint: 'Keine Kinder oder Jugendlichen im Bild, nichts, was sich in Sprache oder Aufmachung an sie richtet.',
  },
  traffic: {
    label: 'Kein Alkohol im Straßenverkehr',
    hint: 'Kein Trinken in Verbindung mit Auto, Motorrad oder Fahrrad, auch nicht als Witz.',
  },
  performance: {
    label: 'Keine Aussage über sportliche Leistung durch Alkohol',
    hint: 'Kein „mit Bier spielen wir besser“: Alkohol macht weder schneller noch stärker noch mutiger.',
  },
  excess: {
    label: 'Kein übermäßiger Konsum',
    hint: 'Kein Kampftrinken, keine Mengen als Ziel, kein Verharmlosen von Rausch.',
  },
};

/** Each point: `true` = the entry keeps the rule, `false` = it breaks it. */
export type WerberatChecklistDto = z.infer<typeof werberatChecklistSchema>;

/** The most entries one decision call takes. */
export const MODERATION_DECISION_MAX_IDS = 50;

/** `publish` and `reject`: pending entries; `withdraw`: a published entry taken down again. */
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/**
 * POST decisions: one decision (with one checklist, and for `reject` and `withdraw` one reason)
 * for 1 to `MODERATION_DECISION_MAX_IDS` different entries (pending ones; published ones to withdraw). Each entry is decided on its own (its
 * own audit row); the answer says per entry what happened.
 */
export type ModerationDecisionInput = z.input<typeof moderationDecisionInputSchema>;

/**
 * Per entry: `published` / `rejected` / `withdrawn` (done now), `already-decided` (another operator
 * was first: it no longer waits, or — to withdraw — it is not published; `current` says where it
 * stands), `not-found` (no such entry, and no decision on it in the log).
 */
export type ModerationDecisionItemDto = z.infer<typeof moderationDecisionItemSchema>;
export type ModerationDecisionOutcome = ModerationDecisionItemDto['outcome'];

/** `done`: how many were decided by this call. */
export type ModerationDecisionResultDto = z.infer<typeof moderationDecisionResultSchema>;

/**
 * One row of an entry's history in the audit log, oldest first: `action` is the audit log's
 * (`publish`, `reject`, `remove-votes`, …); `checklist` the one stored with the decision, null for
 * rows without one (command line, older rows, votes).
 */
export type ModerationHistoryItemDto = z.infer<typeof moderationHistoryItemSchema>;

/**
 * GET entries/{id}: the entry in any state. `pending`/`published`: as it is now; `rejected`: as the
 * rejection's audit row recorded it (the entry itself is deleted); `unknown`: the log has rows
 * about the id but no copy of the entry.
 */
export type ModerationLookupDto = z.infer<typeof moderationLookupSchema>;
