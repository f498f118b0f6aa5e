import type { AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { blockAccount, deleteAccount, resendCode, unblockAccount } from '../api/account-actions';
import { ActionDialog, type ActionOutcome } from './action-dialog';
import type { AccountAction } from './account-detail';

/** Each action's dialog: its words (the description names the address) and the call it makes. */
const DIALOGS: Record<
  AccountAction,
  {
    title: string;
    description: (email: string) => string;
    confirmLabel: string;
    reasonLabel?: string;
    run: (sub: string, reason: string) => Promise<unknown>;
  }
> = {
  resend: {
    title: 'Code erneut senden',
    description: (email) => `${email} bekommt einen neuen Bestätigungscode per Mail, wie nach „Code erneut senden“ auf der Website.`,
    confirmLabel: 'Code senden',
    run: (sub) => resendCode(sub),
  },
  block: {
    title: 'Konto sperren',
    description: (email) =>
      `${email} kann sich danach nicht mehr anmelden und wird sofort überall abgemeldet. Die Beiträge des Vereins bleiben.`,
    confirmLabel: 'Sperren',
    reasonLabel: 'Grund der Sperre',
    run: (sub, reason) => blockAccount(sub, reason),
  },
  unblock: {
    title: 'Konto entsperren',
    description: (email) => `${email} kann sich danach wieder anmelden.`,
    confirmLabel: 'Entsperren',
    reasonLabel: 'Grund der Entsperrung',
    run: (sub, reason) => unblockAccount(sub, reason),
  },
  delete: {
    title: 'Konto löschen',
    description: (email) =>
      `Das Konto ${email} wird mit Name, Adresse und Telefon gelöscht, wie wenn das Mitglied es selbst löscht. Die Beiträge und Punkte des Vereins bleiben; der Verein kann sich neu anmelden.`,
    confirmLabel: 'Endgültig löschen',
    reasonLabel: 'Grund der Löschung',
    run: (sub, reason) => deleteAccount(sub, reason),
  },
};

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
  const dialog = DIALOGS[action];
  return (
    <ActionDialog
      key={action}
      title={dialog.title}
      description={dialog.description(selected.email)}
      confirmLabel={dialog.confirmLabel}
      reasonLabel={dialog.reasonLabel}
      run={(reason) => dialog.run(selected.sub, reason)}
      onCancel={onCancel}
      onDone={(outcome) => void done(selected, action, outcome)}
    />
  );
}
