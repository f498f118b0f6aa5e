import { FormMessage } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import type { Notice } from './status-notice';

/**
 * The end of an edit form: the outcome of the last save (a live status, read out when it changes)
 * and the submit button, which a reader does not get. The button is disabled while `busy` (saving
 * or uploading); it says it is busy while `sending` (default: whenever it is `busy`).
 */
export function FormFooter({
  message,
  readOnly,
  busy,
  sending = busy,
  label,
}: {
  message: Notice | null;
  readOnly: boolean;
  busy: boolean;
  sending?: boolean;
  label: string;
}) {
  return (
    <>
      <div role="status" aria-live="polite">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      </div>
      {!readOnly && (
        <div>
          <Button type="submit" disabled={busy} aria-busy={sending || undefined}>
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
