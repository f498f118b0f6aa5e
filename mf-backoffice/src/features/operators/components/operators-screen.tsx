import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import type { OperatorAccountDto, OperatorRole } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { PasswordChangeRequired } from '../../../components/password-change-required';
import { ForbiddenScreen } from '../../../components/forbidden-screen';
import { Panel, ScreenHeader } from '../../../components/screen';
import { formatDateTime } from '../../../lib/format';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { LoadState, ResultSummary, useOperatorData } from '../../../kit';
import { listOperators } from '../api/operators-api';
import { AddOperatorForm } from './add-operator-form';
import { ChangeDialog, type ChangeKind, type ChangeOutcome } from './change-dialog';
import { TableRegion } from '../../../components/table-region';
import { visuallyHidden, cellActions } from '../../../components/table-styles';
import { operatorTexts, roleLabels } from './texts';
import { type Notice, StatusNotice } from '../../../components/status-notice';
import { TableHead } from '../../../components/list-table';
import { spaceAbove } from '../../../components/layout-styles';

/** What a moderator (or anyone the server refuses) sees instead of the screen. */
function Forbidden() {
  return (
    <ForbiddenScreen title="Operatoren" titleId="operators-title" message={operatorTexts.forbidden} hint={operatorTexts.forbiddenHint} />
  );
}

/**
 * 'Operatoren' (admins only): every operator account with role, state, creation and last sign-in;
 * 'Operator anlegen' (e-mail, role, an initial password); per account 'Rolle ändern' and
 * 'Deaktivieren'/'Aktivieren', each with a reason in a dialog. Moderators get 'Dafür fehlt dir die
 * Berechtigung.' and no call is made for them; the server refuses them anyway (403).
 */
export function OperatorsScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const me = state.status === 'signed-in' ? state.operator.email : null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [change, setChange] = useState<{ operator: OperatorAccountDto; kind: ChangeKind } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Moderators are not asked for (the server refuses them anyway).
  const list = useOperatorData(isAdmin ? 'operators' : null, () => listOperators(), { keepPrevious: true, forbidden: true });
  const load = list.reload;

  if (!isAdmin || list.status === 'forbidden') return <Forbidden />;
  if (list.status === 'password') {
    return (
      <section aria-labelledby="operators-title">
        <ScreenHeader title="Operatoren" titleId="operators-title" />
        <PasswordChangeRequired />
      </section>
    );
  }

  const created = (operator: OperatorAccountDto) => {
    setNotice({ tone: 'success', text: `${operator.email} ist als ${roleLabels[operator.role]} angelegt.` });
    load();
  };

  const changed = (outcome: ChangeOutcome) => {
    const kind = change?.kind;
    setChange(null);
    if (outcome.kind === 'unauthorized') return signedOut('expired');
    if (outcome.kind === 'gone') setNotice({ tone: 'error', text: operatorTexts.notFound });
    else {
      const { operator } = outcome;
      const text =
        kind === 'role'
          ? `${operator.email} hat jetzt die Rolle ${roleLabels[operator.role]}.`
          : kind === 'disable'
            ? `${operator.email} ist deaktiviert.`
            : `${operator.email} ist wieder aktiv.`;
      setNotice({ tone: 'success', text });
    }
    heading.current?.focus();
    load();
  };

  return (
    <section aria-labelledby="operators-title">
      <ScreenHeader
        title="Operatoren"
        titleId="operators-title"
        intro="Wer im Backoffice arbeitet, mit welcher Rolle. Jede Änderung steht mit Grund im Protokoll."
      />
      <StatusNotice notice={notice} />
      <LoadState state={list} loading={operatorTexts.loading} failed={operatorTexts.loadFailed} />
      {list.status === 'ready' && (
        <>
          <ResultSummary ref={heading}>
            {list.data.items.length === 1 ? '1 Operator' : `${list.data.items.length} Operatoren`}
          </ResultSummary>
          <TableRegion label="Operatoren">
            <table>
              <caption css={visuallyHidden}>Operatoren, nach E-Mail-Adresse</caption>
              <TableHead columns={['E-Mail', 'Rolle', 'Status', 'Angelegt', 'Zuletzt angemeldet', { hidden: 'Aktionen' }]} />
              <tbody>
                {list.data.items.map((operator) => {
                  const self = operator.email === me;
                  return (
                    <tr key={operator.id}>
                      <th
                        scope="row"
                        css={css`
                          overflow-wrap: anywhere;
                        `}
                      >
                        {operator.email}
                        {self && ' (du)'}
                      </th>
                      <td>{roleLabels[operator.role as OperatorRole] ?? operator.role}</td>
                      <td>{operator.disabledAt ? `Deaktiviert seit ${formatDateTime(operator.disabledAt)}` : 'Aktiv'}</td>
                      <td>{formatDateTime(operator.createdAt)}</td>
                      <td>{operator.lastLoginAt ? formatDateTime(operator.lastLoginAt) : 'Noch nie'}</td>
                      <td>
                        <div css={cellActions}>
                          <Button
                            variant="outline"
                            onClick={() => setChange({ operator, kind: 'role' })}
                            aria-label={`Rolle ändern – ${operator.email}`}
                          >
                            Rolle ändern
                          </Button>
                          {operator.disabledAt ? (
                            <Button
                              variant="secondary"
                              onClick={() => setChange({ operator, kind: 'enable' })}
                              aria-label={`Aktivieren – ${operator.email}`}
                            >
                              Aktivieren
                            </Button>
                          ) : (
                            !self && (
                              <Button
                                variant="secondary"
                                onClick={() => setChange({ operator, kind: 'disable' })}
                                aria-label={`Deaktivieren – ${operator.email}`}
                              >
                                Deaktivieren
                              </Button>
                            )
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
      <Panel css={spaceAbove(6)}>
        <AddOperatorForm onCreated={created} onUnauthorized={() => signedOut('expired')} />
      </Panel>
      {change && <ChangeDialog operator={change.operator} kind={change.kind} onCancel={() => setChange(null)} onDone={changed} />}
    </section>
  );
}
