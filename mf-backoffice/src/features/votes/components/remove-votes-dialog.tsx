import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { TextAreaField } from '@erd/shared-contracts/forms';
import {
  isValidOperatorReason,
  OPERATOR_REASON_MAX_LENGTH,
  type RemoveEntryVotesInput,
  type RemoveEntryVotesResultDto,
} from '@erd/shared-contracts/backoffice';
import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { reasonTexts } from '../../../lib/reason';
import { removeEntryVotes } from '../api/remove-entry-votes';

export const removeTexts = {
  reasonRule: reasonTexts.rule,
  failed: 'Die Stimmen konnten nicht entfernt werden. Bitte versuche es noch einmal.',
} as const;

/** What goes: votes picked one by one, all counted votes of one address, or of one minute. */
export type VoteSelection = { ids: number[] } | { ipHash: string } | { minute: string };

export type RemoveOutcome = { status: 'removed'; result: RemoveEntryVotesResultDto } | { status: 'gone' } | { status: 'unauthorized' };

/**
 * 'Stimmen entfernen': says what goes (`description`), asks for the reason (the club sees it on
 * its entry; it is kept in the audit log) and removes the votes. A refused reason or a failure
 * shows in the dialog, which stays open; Escape or 'Abbrechen' closes it without changes.
 */
export function RemoveVotesDialog({
  participationId,
  selection,
  description,
  onCancel,
  onDone,
}: {
  participationId: string;
  selection: VoteSelection;
  description: string;
  onCancel: () => void;
  onDone: (outcome: RemoveOutcome) => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = reason.trim();
    if (!isValidOperatorReason(trimmed)) {
      setFieldError(removeTexts.reasonRule);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      const input: RemoveEntryVotesInput = { ...selection, reason: trimmed };
      const result = await removeEntryVotes(participationId, input);
      onDone({ status: 'removed', result });
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) onDone({ status: 'unauthorized' });
      else if (isApiError(error) && error.status === 404) onDone({ status: 'gone' });
      else if (isApiError(error) && error.status === 400 && (error.data as { field?: string } | undefined)?.field === 'reason') {
        setFieldError(removeTexts.reasonRule);
        field.current?.focus();
      } else
        setFailure(
          isApiError(error) && (error.status === 400 || error.status === 403) && error.message ? error.message : removeTexts.failed,
        );
    }
  };

  return (
    <Dialog
      title="Stimmen entfernen"
      description={description}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={field}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextAreaField
          ref={field}
          name="reason"
          label="Grund"
          hint={reasonTexts.hintShownToClub}
          maxLength={OPERATOR_REASON_MAX_LENGTH}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError}
        />
        <DialogActions submitLabel="Stimmen entfernen" sending={sending} onCancel={onCancel} failure={failure} />
      </form>
    </Dialog>
  );
}
