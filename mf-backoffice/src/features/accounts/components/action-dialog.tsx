import { isApiError } from '@erd/shared-contracts';
import { ReasonDialog } from '../../../components/reason-dialog';
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
  return (
    <ReasonDialog
      title={title}
      description={description}
      submitLabel={confirmLabel}
      reasonLabel={reasonLabel}
      rule={actionTexts.reasonRule}
      run={async (reason) => {
        await run(reason);
        onDone({ kind: 'done' });
      }}
      onFailure={(error) => {
        if (isApiError(error) && error.status === 401) return onDone({ kind: 'unauthorized' });
        if (isApiError(error) && error.status === 400 && reasonLabel) return 'reason';
        if (isApiError(error) && [403, 404, 409, 429, 501].includes(error.status)) {
          return onDone({ kind: 'refused', status: error.status, message: error.message });
        }
        return { failure: actionTexts.failed };
      }}
      onCancel={onCancel}
    />
  );
}
