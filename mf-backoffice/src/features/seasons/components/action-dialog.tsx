import { type ReactNode, useRef, useState } from 'react';
import { OPERATOR_REASON_MAX_LENGTH } from '@erd/shared-contracts/backoffice';
import { FormMessage, TextField } from '@erd/shared-contracts/forms';
import { DialogActions } from '../../../components/dialog-actions';
import { Dialog } from '../../../components/dialog';
import { reasonTexts } from '../../../lib/reason';
import { reasonError, seasonTexts } from '../lib';
import { spaceBelow } from '../../../components/layout-styles';

export interface ActionDialogProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** Asks for a reason (one line, `isValidOperatorReason`) and passes it to `onSubmit`. */
  reasonLabel?: string;
  /** The season is the public one: says that the public site and its numbering change. */
  live?: boolean;
  sending: boolean;
  /** The server's answer when the call failed (shown above the buttons, or at the reason when it names it). */
  failure: { message: string; field: string | null } | null;
  onCancel: () => void;
  onSubmit: (reason: string | undefined) => void;
}

/**
 * The confirmation of a change in 'Saisons': what happens, for the public season that the public
 * numbering changes, and (when asked) the reason that goes into the log.
 */
export function ActionDialog({
  title,
  description,
  submitLabel,
  reasonLabel,
  live = false,
  sending,
  failure,
  onCancel,
  onSubmit,
}: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const serverReasonError = failure?.field === 'reason' ? failure.message : null;
  return (
    <Dialog title={title} description={description} onClose={() => !sending && onCancel()} initialFocus={reasonLabel ? field : undefined}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (sending) return;
          if (!reasonLabel) return onSubmit(undefined);
          const error = reasonError(reason);
          setFieldError(error);
          if (error) {
            field.current?.focus();
            return;
          }
          onSubmit(reason.trim());
        }}
      >
        {live && (
          <div css={spaceBelow(4)}>
            <FormMessage tone="info">{seasonTexts.liveNotice}</FormMessage>
          </div>
        )}
        {reasonLabel && (
          <TextField
            ref={field}
            name="reason"
            label={reasonLabel}
            hint={reasonTexts.hintOneLine}
            maxLength={OPERATOR_REASON_MAX_LENGTH}
            required
            autoComplete="off"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError ?? serverReasonError}
          />
        )}
        <DialogActions
          submitLabel={submitLabel}
          sending={sending}
          onCancel={onCancel}
          failure={failure && failure.field !== 'reason' ? failure.message : null}
        />
      </form>
    </Dialog>
  );
}
