import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { isValidOperatorReason, OPERATOR_REASON_MAX_LENGTH } from '@erd/shared-contracts/backoffice';
import { TextAreaField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Dialog } from '../../../components/dialog';
import { reasonTexts } from '../../../lib/reason';

import { editTexts } from './challenge-form';

/** Changing the dates of a running challenge asks for a reason first. */
export function RunningDialog({
  saving,
  error,
  onCancel,
  onConfirm,
}: {
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const shown = fieldError ?? error;
  return (
    <Dialog
      title="Termine einer laufenden Challenge ändern"
      description="Die Challenge läuft gerade. Teilnehmende sehen die neuen Termine sofort."
      onClose={() => !saving && onCancel()}
      initialFocus={field}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = reason.trim();
          if (!isValidOperatorReason(trimmed)) {
            setFieldError(editTexts.reason);
            field.current?.focus();
            return;
          }
          setFieldError(null);
          onConfirm(trimmed);
        }}
      >
        <TextAreaField
          ref={field}
          name="reason"
          label="Grund der Terminänderung"
          hint={reasonTexts.hint}
          maxLength={OPERATOR_REASON_MAX_LENGTH}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={shown}
        />
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            justify-content: flex-end;
            gap: 12px;
            margin-top: 24px;
          `}
        >
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Abbrechen
          </Button>
          <Button type="submit" variant="secondary" disabled={saving} aria-busy={saving || undefined}>
            Termine ändern
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
