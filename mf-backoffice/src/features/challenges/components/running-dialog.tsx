import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { ReasonTextArea, useReason } from '../../../components/reason-dialog';

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
  const reason = useReason(editTexts.reason);
  return (
    <Dialog
      title="Termine einer laufenden Challenge ändern"
      description="Die Challenge läuft gerade. Teilnehmende sehen die neuen Termine sofort."
      onClose={() => !saving && onCancel()}
      initialFocus={reason.ref}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = reason.check();
          if (trimmed !== null) onConfirm(trimmed);
        }}
      >
        <ReasonTextArea reason={reason} label="Grund der Terminänderung" error={reason.error ?? error} />
        <DialogActions submitLabel="Termine ändern" sending={saving} onCancel={onCancel} />
      </form>
    </Dialog>
  );
}
