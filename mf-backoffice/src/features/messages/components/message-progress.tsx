import { css, type Theme } from '@emotion/react';
import { useEffect, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import type { AdminChallengeSummaryDto } from '@erd/shared-contracts/backoffice';
import type { OperatorMessageDto } from '@erd/shared-contracts/schemas';
import { Button } from '@erd/shared-contracts/ui';
import { Panel } from '../../../components/screen';
import { formatDateTime } from '../../../lib/format';
import { getMessage } from '../api/messages';
import { accountsText, describeFilter, POLL_MS, STATUS_LABELS } from '../lib';
import type { EditorFailure } from './message-editor';
import { spaceAbove } from '../../../components/layout-styles';

/**
 * A sent message: who it went to, and how its mails stand (waiting, sent, failed, skipped), read
 * again every few seconds while it is being sent.
 */
export function MessageProgress({
  message: initial,
  challenges,
  onBack,
  onFailure,
}: {
  message: OperatorMessageDto;
  challenges: readonly AdminChallengeSummaryDto[];
  onBack: () => void;
  onFailure: (failure: EditorFailure) => void;
}) {
  const [message, setMessage] = useState(initial);
  const status = message.status;

  useEffect(() => {
    if (status !== 'sending') return;
    const timer = setTimeout(() => {
      getMessage(message.id).then(setMessage, (error: unknown) => {
        if (isApiError(error) && error.status === 401) onFailure('unauthorized');
        else if (isApiError(error) && error.status === 403) onFailure('forbidden');
        // Else: asked again with the next render's timer.
        else setMessage((current) => ({ ...current }));
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [message, status, onFailure]);

  const progress = message.progress ?? { queued: 0, sent: 0, failed: 0, skipped: 0 };
  const figures: Array<[string, number]> = [
    ['Wartend', progress.queued],
    ['Gesendet', progress.sent],
    ['Fehlgeschlagen', progress.failed],
    ['Übersprungen', progress.skipped],
  ];
  return (
    <Panel>
      <h2
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(2)};
          font-size: 1.25rem;
          overflow-wrap: anywhere;
        `}
      >
        {message.subject}
      </h2>
      <p css={css`margin: 0;`}>
        {describeFilter(message.filter, challenges)}
        {message.sentAt ? ` · gesendet am ${formatDateTime(message.sentAt)}` : ''}
        {message.recipients !== null ? ` · an ${accountsText(message.recipients)}` : ''}
      </p>
      <p
        role="status"
        css={(theme: Theme) => css`
          margin: ${theme.space(4)} 0;
          font-weight: 700;
        `}
      >
        {STATUS_LABELS[status]}
        {status === 'sending' ? ' …' : ''}
      </p>
      <dl
        aria-label="Fortschritt"
        css={(theme: Theme) => css`
          display: grid;
          grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
          gap: ${theme.space(3)};
          margin: 0 0 ${theme.space(5)};
          div {
            padding: ${theme.space(3)};
            border: 1px solid ${theme.colors.border};
            border-radius: ${theme.radius};
            background: ${theme.colors.white};
          }
          dt {
            font-size: 0.875rem;
            color: ${theme.colors.textMuted};
          }
          dd {
            margin: 0;
            font-size: 1.5rem;
            font-weight: 800;
            font-variant-numeric: tabular-nums;
          }
        `}
      >
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('de-DE')}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>Text der Nachricht</summary>
        <p css={css`white-space: pre-wrap; overflow-wrap: anywhere;`}>{message.body}</p>
      </details>
      <Button variant="outline" onClick={onBack} css={spaceAbove(5)}>
        Zurück zur Liste
      </Button>
    </Panel>
  );
}
