import { css } from '@emotion/react';
import { isValidOperatorReason } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { Dialog } from '../../../components/dialog';
import { ReasonTextArea, useReason } from '../../../components/reason-dialog';
import { reasonTexts } from '../../../lib/reason';
import { resultsTexts } from './results-texts';

/** Publishing again after the results are out is a correction: it asks for a reason first. */
export function CorrectionDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const reason = useReason(resultsTexts.reason);
  return (
    <Dialog
      title="Korrektur veröffentlichen"
      description="Die Ergebnisse sind schon veröffentlicht. Eine Korrektur braucht einen Grund."
      onClose={() => !busy && onCancel()}
      initialFocus={reason.ref}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // A valid reason leaves an earlier error as it was (the dialog closes).
          const trimmed = reason.value.trim();
          if (!isValidOperatorReason(trimmed)) return reason.refuse();
          onConfirm(trimmed);
        }}
      >
        <ReasonTextArea reason={reason} label="Grund der Korrektur" hint={reasonTexts.limits} />
        <div css={css`display: flex; justify-content: flex-end; gap: 12px; margin-top: 24px;`}>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Abbrechen
          </Button>
          <Button type="submit" variant="secondary" disabled={busy}>
            Veröffentlichen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
