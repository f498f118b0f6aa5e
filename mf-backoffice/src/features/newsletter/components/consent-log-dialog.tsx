import { css, type Theme } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { NewsletterConsentLogDto, NewsletterConsentRecordDto } from '@erd/shared-contracts/backoffice';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { Dialog } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { getConsentLog } from '../api/get-consent-log';
import { columnList } from '../../../components/layout-styles';

const ACTION_LABELS: Record<NewsletterConsentRecordDto['action'], string> = {
  signup: 'Anmeldung',
  resend: 'Bestätigungsmail erneut gesendet',
  confirm: 'Bestätigt',
  unsubscribe: 'Abgemeldet',
};

export const consentTexts = {
  loading: 'Einwilligungen werden geladen …',
  failed: 'Die Einwilligungen konnten gerade nicht geladen werden. Bitte versuche es noch einmal.',
  empty: 'Für diese Adresse gibt es keine Einträge.',
} as const;

/** The consent log of one address (time, step, consent text version, IP only as its hash), newest first. */
export function ConsentLogDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const [log, setLog] = useState<NewsletterConsentLogDto | 'loading' | 'error'>('loading');

  useEffect(() => {
    let active = true;
    getConsentLog(email).then(
      (result) => active && setLog(result),
      () => active && setLog('error'),
    );
    return () => {
      active = false;
    };
  }, [email]);

  return (
    <Dialog title="Einwilligungen" description={`Protokoll der Newsletter-Einwilligung von ${email}.`} onClose={onClose}>
      {log === 'loading' && <Spinner label={consentTexts.loading} />}
      {log === 'error' && <FormMessage tone="error">{consentTexts.failed}</FormMessage>}
      {typeof log === 'object' &&
        (log.items.length === 0 ? (
          <p>{consentTexts.empty}</p>
        ) : (
          <ol aria-label="Einwilligungsprotokoll" css={columnList(3)}>
            {log.items.map((item, index) => (
              <li
                key={`${item.at}-${index}`}
                css={(theme: Theme) => css`
                  padding: ${theme.space(3)};
                  border: 1px solid ${theme.colors.border};
                  border-radius: ${theme.radius};
                `}
              >
                <strong>{ACTION_LABELS[item.action] ?? item.action}</strong> – {formatDateTime(item.at)}
                <br />
                Einwilligungstext: {item.textVersion}
                <br />
                <span
                  css={css`
                    overflow-wrap: anywhere;
                  `}
                >
                  IP (Hash): {item.ipHash ?? '–'}
                </span>
              </li>
            ))}
          </ol>
        ))}
      <div
        css={(theme: Theme) => css`
          display: flex;
          justify-content: flex-end;
          margin-top: ${theme.space(6)};
        `}
      >
        <Button variant="outline" onClick={onClose}>
          Schließen
        </Button>
      </div>
    </Dialog>
  );
}
