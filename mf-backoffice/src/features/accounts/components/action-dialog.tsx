import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isValidOperatorReason, OPERATOR_REASON_MAX_LENGTH } from '@erd/shared-contracts/backoffice';
import { TextAreaField } from '@erd/shared-contracts/forms';
import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { reasonTexts } from '../../../lib/reason';

export const actionTexts = {
  reasonRule: reasonTexts.rule,
  failed: 'Das hat gerade nicht geklappt. Bitte versuche es noch einmal.',
} as const;

/** How an action ended: done, or the server's answer for the screen to show (401, 403, 404, 409, 429). */
export type ActionOutcome = { kind: 'done' } | { kind: 'unauthorized' } | { kind: 'refused'; status: number; message: string };

/**
 * The dialog of an admin's action on an account: what will happen, the reason where one is needed
 * (`isValidOperatorReason`, kept in the audit log; checked here and again on the server, next to the
 * field), and the confirming button. A failure shows in the dialog, which stays open; Escape or
 * 'Abbrechen' closes it without changes.
 */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  reasonLabel,
  run,
  onCancel,
  onDone,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  /** Omit for an action without a reason (a confirmation only). */
  reasonLabel?: string;
  run: (reason: string) => Promise<unknown>;
  onCancel: () => void;
  onDone: (outcome: ActionOutcome) => void;
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
    if (reasonLabel && !isValidOperatorReason(trimmed)) {
      setFieldError(actionTexts.reasonRule);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      await run(trimmed);
      onDone({ kind: 'done' });
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) onDone({ kind: 'unauthorized' });
      else if (isApiError(error) && error.status === 400 && reasonLabel) {
        setFieldError(actionTexts.reasonRule);
        field.current?.focus();
      } else if (isApiError(error) && [403, 404, 409, 429, 501].includes(error.status)) {
        onDone({ kind: 'refused', status: error.status, message: error.message });
      } else setFailed(true);
    }
  };

  return (
    <Dialog
      title={title}
      description={description}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={reasonLabel ? field : undefined}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {reasonLabel && (
          <TextAreaField
            ref={field}
            name="reason"
            label={reasonLabel}
            hint={reasonTexts.hint}
            maxLength={OPERATOR_REASON_MAX_LENGTH}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={fieldError}
          />
        )}
        <DialogActions submitLabel={confirmLabel} sending={sending} onCancel={onCancel} failure={failed ? actionTexts.failed : null} />
      </form>
    </Dialog>
  );
}
