import { isApiError } from '@erd/shared-contracts';
import type { NewsletterSubscriberDto } from '@erd/shared-contracts/backoffice';
import { ReasonDialog } from '../../../components/reason-dialog';
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
  return (
    <ReasonDialog
      title="Vom Newsletter abmelden"
      description={`${subscriber.email} bekommt danach keinen Newsletter mehr, wie nach dem Abmeldelink einer Mail.`}
      submitLabel="Abmelden"
      reasonLabel="Grund der Abmeldung"
      rule={unsubscribeTexts.reasonRule}
      run={async (reason) => {
        await unsubscribeSubscriber(subscriber.id, reason);
        onDone('unsubscribed');
      }}
      onFailure={(error) => {
        if (isApiError(error) && error.status === 401) return onDone('unauthorized');
        if (isApiError(error) && error.status === 403) return onDone('forbidden');
        if (isApiError(error) && error.status === 404) return onDone('gone');
        if (isApiError(error) && error.status === 400) return 'reason';
        return { failure: unsubscribeTexts.failed };
      }}
      onCancel={onCancel}
    />
  );
}
