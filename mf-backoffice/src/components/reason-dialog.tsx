import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { isValidOperatorReason, OPERATOR_REASON_MAX_LENGTH } from '@erd/shared-contracts/backoffice';
import { TextAreaField } from '@erd/shared-contracts/forms';
import { reasonTexts } from '../lib/reason';
import { Dialog } from './dialog';
import { DialogActions } from './dialog-actions';

/**
 * An operator's reason in a dialog: the typed text, the error at the field and the field itself.
 * `check()` returns the trimmed reason when `isValidOperatorReason` accepts it; otherwise it shows
 * `rule` at the field, focuses it and returns null. `refuse()` does the same for the server's refusal.
 */
export function useReason(rule: string = reasonTexts.rule) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const refuse = () => {
    setError(rule);
    ref.current?.focus();
  };
  const check = (): string | null => {
    const trimmed = value.trim();
    if (!isValidOperatorReason(trimmed)) {
      refuse();
      return null;
    }
    setError(null);
    return trimmed;
  };
  return { value, setValue, error, setError, ref, check, refuse };
}

export type Reason = ReturnType<typeof useReason>;

/** The reason's text area (required, the contracts' length limit) for a `useReason()`. */
export function ReasonTextArea({
  reason,
  label,
  hint = reasonTexts.hint,
  error = reason.error,
}: {
  reason: Reason;
  label: string;
  hint?: string;
  /** Default: the reason's own error. */
  error?: string | null;
}) {
  return (
    <TextAreaField
      ref={reason.ref}
      name="reason"
      label={label}
      hint={hint}
      maxLength={OPERATOR_REASON_MAX_LENGTH}
      required
      value={reason.value}
      onChange={(event) => reason.setValue(event.target.value)}
      error={error}
    />
  );
}

/**
 * A dialog that only asks for the operator's reason and hands the checked reason to `onConfirm`:
 * the caller runs the action, disables the buttons while `sending` and shows the server's refusal
 * of the reason (`error`, at the field). Escape or 'Abbrechen' closes it (not while sending).
 */
export function ReasonPrompt({
  title,
  description,
  reasonLabel,
  hint,
  rule,
  submitLabel,
  sending,
  error,
  onCancel,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  reasonLabel: string;
  hint?: string;
  /** The message of a refused reason (default `reasonTexts.rule`). */
  rule?: string;
  submitLabel: string;
  sending: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const reason = useReason(rule);
  return (
    <Dialog title={title} description={description} onClose={() => !sending && onCancel()} initialFocus={reason.ref}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = reason.check();
          if (trimmed !== null) onConfirm(trimmed);
        }}
      >
        <ReasonTextArea reason={reason} label={reasonLabel} hint={hint} error={reason.error ?? error} />
        <DialogActions submitLabel={submitLabel} sending={sending} onCancel={onCancel} />
      </form>
    </Dialog>
  );
}

/**
 * What a failed `run` means: `'reason'` (the server refused the reason: shown at the field),
 * `{ failure }` (shown above the buttons), or nothing (the caller has ended the dialog, e.g. on 401).
 */
export type ReasonDialogFailure = 'reason' | { failure: string } | undefined | void;

/**
 * A dialog that asks for an operator's reason (or, without `reasonLabel`, only confirms) and runs
 * the action with it: the reason is checked here first, the buttons are disabled while `run` runs,
 * and a failure shows in the dialog, which stays open (`onFailure` says how). Escape or 'Abbrechen'
 * closes it without changes (not while the action runs).
 */
export function ReasonDialog({
  title,
  description,
  submitLabel,
  reasonLabel,
  hint,
  rule,
  run,
  onFailure,
  onCancel,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** Omit for an action without a reason (a confirmation only; `run` gets ''). */
  reasonLabel?: string;
  hint?: string;
  /** The message of a refused reason (default `reasonTexts.rule`). */
  rule?: string;
  /** The action; it reports its success itself. */
  run: (reason: string) => Promise<void>;
  onFailure: (error: unknown) => ReasonDialogFailure;
  onCancel: () => void;
}) {
  const reason = useReason(rule);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = reasonLabel ? reason.check() : reason.value.trim();
    if (trimmed === null) return;
    reason.setError(null);
    setSending(true);
    try {
      await run(trimmed);
    } catch (error) {
      setSending(false);
      const answer = onFailure(error);
      if (answer === 'reason') reason.refuse();
      else if (answer) setFailure(answer.failure);
    }
  };

  return (
    <Dialog
      title={title}
      description={description}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={reasonLabel ? reason.ref : undefined}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {reasonLabel && <ReasonTextArea reason={reason} label={reasonLabel} hint={hint} />}
        <DialogActions submitLabel={submitLabel} sending={sending} onCancel={onCancel} failure={failure} />
      </form>
    </Dialog>
  );
}
