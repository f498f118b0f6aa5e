import { css, type Theme } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import type { AdminChallengeSummaryDto } from '@erd/shared-contracts/backoffice';
import type { OperatorMessageDto } from '@erd/shared-contracts/schemas';
import { Button } from '@erd/shared-contracts/ui';
import { ForbiddenScreen } from '../../../components/forbidden-screen';
import { Panel, ScreenHeader } from '../../../components/screen';
import { TableRegion } from '../../../components/table-region';
import { TableHead } from '../../../components/list-table';
import { visuallyHidden } from '../../../components/table-styles';
import { formatDateTime } from '../../../lib/format';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { LoadState, useOperatorData } from '../../../kit';
import { listChallenges, listMessages } from '../api/messages';
import { accountsText, describeFilter, messageTexts, STATUS_LABELS } from '../lib';
import { MessageEditor, type EditorFailure } from './message-editor';
import { MessageProgress } from './message-progress';

type View = { kind: 'list' } | { kind: 'edit'; message: OperatorMessageDto | null } | { kind: 'progress'; message: OperatorMessageDto };

function Forbidden() {
  return (
    <ForbiddenScreen title="Nachrichten" titleId="messages-title" message={messageTexts.forbidden} hint={messageTexts.forbiddenHint} />
  );
}

/**
 * 'Nachrichten' (admins only; the server refuses moderators with 403): messages of the operators to
 * the club accounts, newest first with their state and figures; writing one (with preview, a test to
 * oneself and the send with its confirmation) and following a send's progress.
 */
export function MessagesScreen() {
  const { state } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  return isAdmin ? <Messages /> : <Forbidden />;
}

function Messages() {
  const { signedOut } = useOperatorSession();
  const list = useOperatorData('messages', () => listMessages(), { keepPrevious: true, forbidden: true, passwordChange: false });
  const [view, setView] = useState<View>({ kind: 'list' });
  const [challenges, setChallenges] = useState<AdminChallengeSummaryDto[]>([]);
  /** The server refused the editor (403): the screen shows the refusal. */
  const [refused, setRefused] = useState(false);

  const onFailure = useCallback(
    (failure: EditorFailure) => {
      if (failure === 'unauthorized') signedOut('expired');
      else setRefused(true);
    },
    [signedOut],
  );

  useEffect(() => {
    listChallenges().then(
      (page) => setChallenges(page.items),
      () => setChallenges([]),
    );
  }, []);

  const back = () => {
    setView({ kind: 'list' });
    list.reload();
  };

  if (list.status === 'forbidden' || refused) return <Forbidden />;
  return (
    <section aria-labelledby="messages-title">
      <ScreenHeader
        title="Nachrichten"
        titleId="messages-title"
        intro="E-Mails des Teams an die Vereinskonten: an alle oder nach Team und Teilnahme an einer Challenge. Jede gesendete Nachricht steht im Protokoll."
      >
        {view.kind === 'list' && (
          <Button variant="secondary" onClick={() => setView({ kind: 'edit', message: null })}>
            Neue Nachricht
          </Button>
        )}
      </ScreenHeader>

      {view.kind === 'edit' && (
        <MessageEditor
          message={view.message}
          challenges={challenges}
          onCancel={back}
          onFailure={onFailure}
          onSent={(message) => setView({ kind: 'progress', message })}
        />
      )}
      {view.kind === 'progress' && <MessageProgress message={view.message} challenges={challenges} onBack={back} onFailure={onFailure} />}

      {view.kind === 'list' && <LoadState state={list} loading={messageTexts.loading} failed={messageTexts.loadFailed} />}
      {view.kind === 'list' && list.status === 'ready' && list.data.items.length === 0 && <Panel>{messageTexts.none}</Panel>}
      {view.kind === 'list' && list.status === 'ready' && list.data.items.length > 0 && (
        <TableRegion label="Nachrichten">
          <table>
            <caption css={visuallyHidden}>Nachrichten, die neuesten zuerst</caption>
            <TableHead columns={['Betreff', 'Empfänger', 'Datum', 'Status', { number: 'Gesendet' }, { hidden: 'Aktionen' }]} />
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.id}>
                  <th
                    scope="row"
                    css={css`
                      overflow-wrap: anywhere;
                      min-width: 180px;
                    `}
                  >
                    {item.subject}
                  </th>
                  <td>{describeFilter(item.filter, challenges)}</td>
                  <td>{formatDateTime(item.sentAt ?? item.updatedAt)}</td>
                  <td>{STATUS_LABELS[item.status]}</td>
                  <td className="number">
                    {item.progress && item.recipients !== null ? (
                      <>
                        {item.progress.sent} von {accountsText(item.recipients)}
                        {item.progress.failed > 0 && (
                          <div
                            css={(theme: Theme) => css`
                              color: ${theme.colors.error};
                            `}
                          >
                            {item.progress.failed} fehlgeschlagen
                          </div>
                        )}
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>
                    {item.status === 'draft' ? (
                      <Button
                        variant="outline"
                        onClick={() => setView({ kind: 'edit', message: item })}
                        aria-label={`Entwurf „${item.subject}“ bearbeiten`}
                      >
                        Bearbeiten
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        onClick={() => setView({ kind: 'progress', message: item })}
                        aria-label={`Stand von „${item.subject}“`}
                      >
                        Stand
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
