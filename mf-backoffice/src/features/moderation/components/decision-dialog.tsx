import { type FormEvent, useRef, useState } from 'react';
import { isApiError, type OperatorParticipationDto } from '@erd/shared-contracts';
import {
  isValidOperatorReason,
  type ModerationDecision,
  type ModerationDecisionResultDto,
  type WerberatChecklistDto,
} from '@erd/shared-contracts/backoffice';
import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ReasonTextArea, useReason } from '../../../components/reason-dialog';
import { entryPhrase } from '../../../lib/format';
import { reasonTexts } from '../../../lib/reason';
import { decide } from '../api/decide';
import { checklistTexts, isComplete, WerberatChecklist } from './werberat-checklist';

export const decisionTexts = {
  reasonRule: reasonTexts.rule,
  rejectFailed: 'Der Beitrag konnte nicht abgelehnt werden. Bitte versuche es noch einmal.',
  withdrawFailed: 'Der Beitrag konnte nicht zurückgezogen werden. Bitte versuche es noch einmal.',
  rejectManyFailed: 'Die Beiträge konnten nicht abgelehnt werden. Bitte versuche es noch einmal.',
  publishManyFailed: 'Die Beiträge konnten nicht freigegeben werden. Bitte versuche es noch einmal.',
} as const;

/** How a decision dialog ended, for the queue: the server's answer per entry, or the session ended. */
export type DecisionOutcome = { status: 'done'; result: ModerationDecisionResultDto } | { status: 'unauthorized' };

const fieldOf = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined);

const count = (n: number) => (n === 1 ? '1 Beitrag' : `${n} Beiträge`);

function titleOf(decision: ModerationDecision, entries: readonly OperatorParticipationDto[]): string {
  if (decision === 'withdraw') return 'Beitrag zurückziehen';
  if (entries.length === 1) return decision === 'reject' ? 'Beitrag ablehnen' : 'Beitrag freigeben';
  return decision === 'reject' ? `${count(entries.length)} ablehnen` : `${count(entries.length)} freigeben`;
}

function descriptionOf(decision: ModerationDecision, entries: readonly OperatorParticipationDto[]): string {
  if (decision === 'withdraw') {
    return `${entryPhrase(entries[0]!)} ist öffentlich. Zurückziehen löscht ihn, mit seinen Stimmen; der Verein kann danach neu teilnehmen, solange die Challenge Beiträge annimmt.`;
  }
  if (decision === 'reject') {
    return entries.length === 1
      ? `${entryPhrase(entries[0]!)} wird gelöscht, mit seinen Stimmen. Der Verein kann danach neu teilnehmen.`
      : `Die ${entries.length} ausgewählten Beiträge werden gelöscht, mit ihren Stimmen; ein Grund und eine Checkliste gelten für alle. Die Vereine können danach neu teilnehmen.`;
  }
  return `Die ${entries.length} ausgewählten Beiträge werden öffentlich. Bestätige die Checkliste für alle.`;
}

/**
 * Publishing several entries, or rejecting one or several: one Werberat checklist (and, to reject,
 * one reason, `isValidOperatorReason`) for all of them. To publish, all four points must be ticked; to
 * reject, the unticked points are stored as broken. A refusal of the server shows at its field; a
 * failure shows in the dialog, which stays open; Escape or 'Abbrechen' closes it without changes.
 */
export function DecisionDialog({
  decision,
  entries,
  initialChecklist,
  onCancel,
  onDone,
}: {
  decision: ModerationDecision;
  entries: readonly OperatorParticipationDto[];
  initialChecklist: WerberatChecklistDto;
  onCancel: () => void;
  onDone: (outcome: DecisionOutcome) => void;
}) {
  const [checklist, setChecklist] = useState(initialChecklist);
  const reason = useReason(decisionTexts.reasonRule);
  const [checklistError, setChecklistError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const firstCheck = useRef<HTMLInputElement>(null);
  // Rejecting and withdrawing both need a reason and store the unticked points as broken.
  const reject = decision !== 'publish';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const trimmed = reason.value.trim();
    const badReason = reject && !isValidOperatorReason(trimmed);
    const badChecklist = !reject && !isComplete(checklist);
    reason.setError(badReason ? decisionTexts.reasonRule : null);
    setChecklistError(badChecklist ? checklistTexts.incomplete : null);
    if (badChecklist) {
      firstCheck.current?.focus();
      return;
    }
    if (badReason) {
      reason.ref.current?.focus();
      return;
    }
    setSending(true);
    try {
      const result = await decide({ decision, ids: entries.map((entry) => entry.id), checklist, ...(reject ? { reason: trimmed } : {}) });
      onDone({ status: 'done', result });
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) onDone({ status: 'unauthorized' });
      else if (isApiError(error) && error.status === 400 && ['reason', 'body.reason'].includes(String(fieldOf(error.data)))) {
        reason.refuse();
      } else if (isApiError(error) && error.status === 400 && ['checklist', 'body.checklist'].includes(String(fieldOf(error.data)))) {
        setChecklistError(error.message || checklistTexts.incomplete);
        firstCheck.current?.focus();
      } else setFailed(true);
    }
  };

  const failure = !failed
    ? null
    : decision === 'withdraw'
      ? decisionTexts.withdrawFailed
      : reject
        ? entries.length === 1
          ? decisionTexts.rejectFailed
          : decisionTexts.rejectManyFailed
        : decisionTexts.publishManyFailed;

  return (
    <Dialog
      title={titleOf(decision, entries)}
      description={descriptionOf(decision, entries)}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={reject ? reason.ref : firstCheck}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {reject && (
          <ReasonTextArea reason={reason} label={decision === 'withdraw' ? 'Grund für das Zurückziehen' : 'Grund der Ablehnung'} />
        )}
        <div style={{ marginTop: reject ? '1rem' : 0 }}>
          <WerberatChecklist
            value={checklist}
            onChange={(next) => {
              setChecklist(next);
              if (checklistError && isComplete(next)) setChecklistError(null);
            }}
            error={checklistError}
            firstRef={firstCheck}
            legend={reject ? 'Werberat-Checkliste (nicht angehakt = Regel verletzt)' : 'Werberat-Checkliste (alle Punkte bestätigen)'}
          />
        </div>
        <DialogActions
          submitLabel={decision === 'withdraw' ? 'Zurückziehen' : reject ? 'Ablehnen' : 'Freigeben'}
          sending={sending}
          onCancel={onCancel}
          failure={failure}
        />
      </form>
    </Dialog>
  );
}
