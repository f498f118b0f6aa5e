import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isValidOperatorReason, OPERATOR_REASON_MAX_LENGTH, type NewsletterSubscriberDto } from '@erd/shared-contracts/backoffice';
import { TextAreaField } from '@erd/shared-contracts/forms';
import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { reasonTexts } from '../../../lib/reason';
import { unsubscribeSubscriber } from '../api/unsubscribe-subscriber';

export const unsubscribeTexts = {
  reasonRule: reasonTexts.rule,
  failed: 'Die Adresse konnte nicht abgemeldet werden. Bitte versuche es noch einmal.',
} as const;

export type UnsubscribeOutcome = 'unsubscribed' | 'gone' | 'unauthorized' | 'forbidden';

/**
 * 'Vom Newsletter abmelden': asks for the reason (kept in the audit log) and unsubscribes the
 * address as its own footer link would. A refused reason or a failure shows in the dialog, which
 * stays open; Escape or 'Abbrechen' closes it without changes.
 */
export function UnsubscribeDialog({
  subscriber,
  onCancel,
  onDone,
}: {
  subscriber: NewsletterSubscriberDto;
  onCancel: () => void;
  onDone: (outcome: UnsubscribeOutcome) => void;
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
    if (!isValidOperatorReason(trimmed)) {
      setFieldError(unsubscribeTexts.reasonRule);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      await unsubscribeSubscriber(subscriber.id, trimmed);
      onDone('unsubscribed');
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) onDone('unauthorized');
      else if (isApiError(error) && error.status === 403) onDone('forbidden');
      else if (isApiError(error) && error.status === 404) onDone('gone');
      else if (isApiError(error) && error.status === 400) {
        setFieldError(unsubscribeTexts.reasonRule);
        field.current?.focus();
      } else setFailed(true);
    }
  };

  return (
    <Dialog
      title="Vom Newsletter abmelden"
      description={`${subscriber.email} bekommt danach keinen Newsletter mehr, wie nach dem Abmeldelink einer Mail.`}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={field}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextAreaField
          ref={field}
          name="reason"
          label="Grund der Abmeldung"
          hint={reasonTexts.hint}
          maxLength={OPERATOR_REASON_MAX_LENGTH}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError}
        />
        <DialogActions submitLabel={'Abmelden'} sending={sending} onCancel={onCancel} failure={failed ? unsubscribeTexts.failed : null} />
      </form>
    </Dialog>
  );
}
