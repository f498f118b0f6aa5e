import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isValidOperatorReason, OPERATOR_ROLES, type OperatorAccountDto, type OperatorRole } from '@erd/shared-contracts/backoffice';
import { Dialog } from '../../../components/dialog';
import { SelectField } from '../../../components/select-field';
import { DialogActions } from '../../../components/dialog-actions';
import { ReasonTextArea, useReason } from '../../../components/reason-dialog';
import { updateOperator } from '../api/operators-api';
import { operatorTexts, refusalText, roleLabels } from './texts';
import { spaceBelow } from '../../../components/layout-styles';

export type ChangeKind = 'role' | 'disable' | 'enable';
export type ChangeOutcome = { kind: 'done'; operator: OperatorAccountDto } | { kind: 'unauthorized' } | { kind: 'gone' };

const titles: Record<ChangeKind, (email: string) => string> = {
  role: (email) => `Rolle von ${email} ändern`,
  disable: (email) => `${email} deaktivieren`,
  enable: (email) => `${email} wieder aktivieren`,
};
const descriptions: Record<ChangeKind, string> = {
  role: 'Die neue Rolle gilt ab dem nächsten Aufruf. Der Grund wird im Protokoll gespeichert.',
  disable: 'Der Operator kann sich nicht mehr anmelden; seine Sitzungen enden sofort. Der Grund wird im Protokoll gespeichert.',
  enable: 'Der Operator kann sich wieder anmelden. Der Grund wird im Protokoll gespeichert.',
};
const submitLabels: Record<ChangeKind, string> = { role: 'Rolle ändern', disable: 'Deaktivieren', enable: 'Aktivieren' };

/**
 * An admin's change of an operator: the new role (role changes only) and the reason (3–500
 * characters), checked here and on the server. The server's refusals (the last active admin,
 * disabling oneself) show in German in the dialog, which stays open; Escape or 'Abbrechen'
 * closes it without changes.
 */
export function ChangeDialog({
  operator,
  kind,
  onCancel,
  onDone,
}: {
  operator: OperatorAccountDto;
  kind: ChangeKind;
  onCancel: () => void;
  onDone: (outcome: ChangeOutcome) => void;
}) {
  const [role, setRole] = useState<OperatorRole>(operator.role === 'admin' ? 'moderator' : 'admin');
  const reason = useReason(operatorTexts.reason);
  const [roleError, setRoleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const roleField = useRef<HTMLSelectElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = reason.value.trim();
    const badRole = kind === 'role' && role === operator.role;
    const badReason = !isValidOperatorReason(trimmed);
    setRoleError(badRole ? operatorTexts.sameRole : null);
    reason.setError(badReason ? operatorTexts.reason : null);
    if (badRole) return roleField.current?.focus();
    if (badReason) return reason.ref.current?.focus();
    setSending(true);
    try {
      const body = kind === 'role' ? { role, reason: trimmed } : { disabled: kind === 'disable', reason: trimmed };
      const updated = await updateOperator(operator.id, body);
      onDone({ kind: 'done', operator: updated });
    } catch (error) {
      setSending(false);
      if (isApiError(error) && error.status === 401) return onDone({ kind: 'unauthorized' });
      if (isApiError(error) && error.status === 404) return onDone({ kind: 'gone' });
      if (isApiError(error) && error.status === 400 && (error.data as { field?: unknown } | undefined)?.field === 'reason') {
        return reason.refuse();
      }
      setFailure((isApiError(error) && refusalText(error.code)) || operatorTexts.failed);
    }
  };

  return (
    <Dialog
      title={titles[kind](operator.email)}
      description={descriptions[kind]}
      onClose={() => {
        if (!sending) onCancel();
      }}
      initialFocus={kind === 'role' ? roleField : reason.ref}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {kind === 'role' && (
          <div css={spaceBelow(4)}>
            <SelectField
              id="operator-change-role"
              label="Neue Rolle"
              value={role}
              onChange={setRole}
              error={roleError}
              selectRef={roleField}
              options={OPERATOR_ROLES.map((r) => [r, `${roleLabels[r]}${r === operator.role ? ' (bisher)' : ''}`] as const)}
            />
          </div>
        )}
        <ReasonTextArea reason={reason} label="Grund" />
        <DialogActions submitLabel={submitLabels[kind]} sending={sending} onCancel={onCancel} failure={failure} />
      </form>
    </Dialog>
  );
}
