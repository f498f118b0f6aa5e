import { type FormEvent, useRef, useState } from 'react';
import { isApiError, type OperatorParticipationDto } from '@erd/shared-contracts';
import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { TextAreaField } from '../../../components/text-area-field';
import { entryPhrase } from '../../../lib/format';
import { rejectEntry } from '../api/reject-entry';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;

export const rejectTexts = {
  reasonRule: `Bitte gib einen Grund an (${REASON_MIN_LENGTH} bis ${REASON_MAX_LENGTH} Zeichen).`,
  failed: 'Der Beitrag konnte nicht abgelehnt werden. Bitte versuche es noch einmal.',
} as const;

/** How a rejection ended, for the queue: done, the entry was already gone, or the session ended. */
export type RejectOutcome = 'rejected' | 'gone' | 'unauthorized';

/**
 * 'Beitrag ablehnen': asks for the reason (3–500 characters, kept in the log) and rejects the
 * entry (`POST …/reject`). A reason the server refuses or a failure shows in the dialog, which stays
 * open; Escape or 'Abbrechen' closes it without changes.
 */
export function RejectDialog({
  entry,
  onCancel,
  onDone,
}: {
  entry: OperatorParticipationDto;
  onCancel: () => void;
  onDone: (outcome: RejectOutcome) => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN_LENGTH || trimmed.length > REASON_MAX_LENGTH) {
      setFieldError(rejectTexts.reasonRule);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      await rejectEntry(entry.id, { reason: trimmed });
      onDone('rejected');
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) onDone('unauthorized');
      else if (isApiError(error) && error.status === 404) onDone('gone');
      else if (isApiError(error) && error.status === 400) {
        setFieldError(rejectTexts.reasonRule);
        field.current?.focus();
      } else setFailed(true);
    }
  };

  return (
    <Dialog
      title="Beitrag ablehnen"
      description={`${entryPhrase(entry)} wird gelöscht, mit seinen Stimmen. Der Verein kann danach neu teilnehmen.`}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={field}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextAreaField
          ref={field}
          name="reason"
          label="Grund der Ablehnung"
          hint={`${REASON_MIN_LENGTH} bis ${REASON_MAX_LENGTH} Zeichen. Der Grund wird im Protokoll gespeichert.`}
          maxLength={REASON_MAX_LENGTH}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError}
        />
        <DialogActions submitLabel={'Ablehnen'} sending={sending} onCancel={onCancel} failure={failed ? rejectTexts.failed : null} />
      </form>
    </Dialog>
  );
}
