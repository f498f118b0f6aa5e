import type { AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { blockAccount, deleteAccount, resendCode, unblockAccount } from '../api/account-actions';
import { ActionDialog, type ActionOutcome } from './action-dialog';
import type { AccountAction } from './account-detail';

/** The dialog of the action an admin chose for an account: it runs the action and hands on its outcome. */
export function AccountDialog({
  selected,
  action,
  onCancel,
  done,
}: {
  selected: AccountAdminDto;
  action: AccountAction;
  onCancel: () => void;
  done: (account: AccountAdminDto, which: AccountAction, outcome: ActionOutcome) => Promise<void>;
}) {
  return (
    <>
      {action === 'resend' && (
        <ActionDialog
          title="Code erneut senden"
          description={`${selected.email} bekommt einen neuen Bestätigungscode per Mail, wie nach „Code erneut senden“ auf der Website.`}
          confirmLabel="Code senden"
          run={() => resendCode(selected.sub)}
          onCancel={onCancel}
          onDone={(outcome) => void done(selected, 'resend', outcome)}
        />
      )}
      {action === 'block' && (
        <ActionDialog
          title="Konto sperren"
          description={`${selected.email} kann sich danach nicht mehr anmelden und wird sofort überall abgemeldet. Die Beiträge des Vereins bleiben.`}
          confirmLabel="Sperren"
          reasonLabel="Grund der Sperre"
          run={(reason) => blockAccount(selected.sub, reason)}
          onCancel={onCancel}
          onDone={(outcome) => void done(selected, 'block', outcome)}
        />
      )}
      {action === 'unblock' && (
        <ActionDialog
          title="Konto entsperren"
          description={`${selected.email} kann sich danach wieder anmelden.`}
          confirmLabel="Entsperren"
          reasonLabel="Grund der Entsperrung"
          run={(reason) => unblockAccount(selected.sub, reason)}
          onCancel={onCancel}
          onDone={(outcome) => void done(selected, 'unblock', outcome)}
        />
      )}
      {action === 'delete' && (
        <ActionDialog
          title="Konto löschen"
          description={`Das Konto ${selected.email} wird mit Name, Adresse und Telefon gelöscht, wie wenn das Mitglied es selbst löscht. Die Beiträge und Punkte des Vereins bleiben; der Verein kann sich neu anmelden.`}
          confirmLabel="Endgültig löschen"
          reasonLabel="Grund der Löschung"
          run={(reason) => deleteAccount(selected.sub, reason)}
          onCancel={onCancel}
          onDone={(outcome) => void done(selected, 'delete', outcome)}
        />
      )}
    </>
  );
}
