import { css, type Theme } from '@emotion/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isSingleLine, textLength, type AdminChallengeSummaryDto } from '@erd/shared-contracts/backoffice';
import type { OperatorMessageDto, OperatorMessagePreviewDto } from '@erd/shared-contracts/schemas';
import { FormMessage, TextAreaField, TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Dialog } from '../../../components/dialog';
import { DialogActions } from '../../../components/dialog-actions';
import { Panel } from '../../../components/screen';
import { countRecipients, previewMessage, saveDraft, sendMessage, sendTest } from '../api/messages';
import { accountsText, BODY_MAX, draftOf, EMPTY_FILTER, filterOf, messageTexts, SUBJECT_MAX, type FilterDraft } from '../lib';
import { MessagePreview } from './message-preview';
import { RecipientsFieldset } from './recipients-fieldset';
import { stack } from '../../../components/layout-styles';

export type EditorFailure = 'unauthorized' | 'forbidden';

interface Props {
  /** The draft being changed; null: a new one. */
  message: OperatorMessageDto | null;
  challenges: readonly AdminChallengeSummaryDto[];
  /** Sent (or found sent): the screen shows its progress. */
  onSent: (message: OperatorMessageDto) => void;
  onCancel: () => void;
  onFailure: (failure: EditorFailure) => void;
}

type Busy = null | 'save' | 'preview' | 'test' | 'confirm' | 'send';

/**
 * Writing a message: subject, text and who gets it (team; participants or non-participants of a
 * challenge), with the live count of accounts. Every action saves the draft first; 'Vorschau' shows
 * the mail as a club gets it, 'Test an mich senden' mails it to the operator, 'Senden' asks once more
 * with the count and sends. Buttons are disabled while a call runs, and the send is guarded against a
 * second click (the server sends once in any case).
 */
export function MessageEditor({ message, challenges, onSent, onCancel, onFailure }: Props) {
  const [id, setId] = useState<string | null>(message?.id ?? null);
  const [subject, setSubject] = useState(message?.subject ?? '');
  const [body, setBody] = useState(message?.body ?? '');
  const [filter, setFilter] = useState<FilterDraft>(message ? draftOf(message.filter) : EMPTY_FILTER);
  const [errors, setErrors] = useState<{ subject?: string; body?: string; challenge?: string }>({});
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [preview, setPreview] = useState<OperatorMessagePreviewDto | null>(null);
  const [confirm, setConfirm] = useState<number | null>(null);
  const sending = useRef(false);
  const wire = filterOf(filter);
  const wireKey = JSON.stringify(wire);

  // The live count: asked again a moment after the filter changed.
  useEffect(() => {
    if (!wire) {
      setCount(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      countRecipients(wire).then(
        (n) => live && setCount(n),
        () => live && setCount(null),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `wireKey` stands for `wire`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wireKey]);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return onFailure('unauthorized');
    if (isApiError(error) && error.status === 403) return onFailure('forbidden');
    const serverText = isApiError(error) && [400, 409, 429].includes(error.status) && error.message ? error.message : null;
    setNotice({ tone: 'error', text: serverText ?? messageTexts.failed });
  };

  /** Checks the form and saves the draft; null when something is missing or the call failed. */
  const persist = async (): Promise<OperatorMessageDto | null> => {
    const next: typeof errors = {};
    const trimmed = subject.trim();
    // The server's rule: one line of 1 to SUBJECT_MAX characters.
    if (!trimmed || textLength(trimmed) > SUBJECT_MAX || !isSingleLine(trimmed)) next.subject = messageTexts.subjectRule;
    if (!body.trim() || body.length > BODY_MAX) next.body = messageTexts.bodyRule;
    if (!wire) next.challenge = messageTexts.challengeRule;
    setErrors(next);
    if (Object.keys(next).length || !wire) return null;
    try {
      const saved = await saveDraft(id, { subject: trimmed, body, filter: wire });
      setId(saved.id);
      return saved;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setNotice({ tone: 'error', text: messageTexts.alreadySent });
        return null;
      }
      fail(error);
      return null;
    }
  };

  const run = async (kind: Exclude<Busy, null>, action: (saved: OperatorMessageDto) => Promise<void>) => {
    if (busy) return;
    setBusy(kind);
    setNotice(null);
    try {
      const saved = await persist();
      if (saved) await action(saved);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => setNotice({ tone: 'success', text: messageTexts.saved }));
  };
  const onPreview = () =>
    run('preview', async (saved) => {
      const next = await previewMessage(saved.id);
      setPreview(next);
      setCount(next.recipients);
    });
  const onTest = () =>
    run('test', async (saved) => {
      const { to } = await sendTest(saved.id);
      setNotice({ tone: 'success', text: `Die Testmail an ${to} ist unterwegs.` });
    });
  const onAskSend = () =>
    run('confirm', async (saved) => {
      const n = (await previewMessage(saved.id)).recipients;
      setCount(n);
      if (n === 0) setNotice({ tone: 'error', text: messageTexts.noRecipients });
      else setConfirm(n);
    });

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    if (!id || sending.current) return;
    sending.current = true;
    setBusy('send');
    try {
      const sent = await sendMessage(id);
      setConfirm(null);
      onSent(sent);
    } catch (error) {
      setConfirm(null);
      fail(error);
    } finally {
      sending.current = false;
      setBusy(null);
    }
  };

  const disabled = busy !== null;
  return (
    <Panel>
      <form noValidate onSubmit={onSave} aria-label={id ? 'Entwurf bearbeiten' : 'Neue Nachricht'}>
        <div css={stack(5)}>
          <TextField
            label="Betreff"
            name="subject"
            maxLength={SUBJECT_MAX}
            value={subject}
            onChange={(e) => setSubject(e.target.value.replace(/[\r\n]+/g, ' '))}
            error={errors.subject}
            hint={`Eine Zeile, bis ${SUBJECT_MAX} Zeichen.`}
          />
          <TextAreaField
            label="Text"
            name="body"
            maxLength={BODY_MAX}
            rows={10}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={errors.body}
            hint="Nur Text. Eine Leerzeile beginnt einen neuen Absatz. Anrede („Hallo …,“), Gruß und Abmeldelink kommen automatisch dazu."
          />
          <RecipientsFieldset
            filter={filter}
            setFilter={setFilter}
            challenges={challenges}
            error={errors.challenge}
            count={count}
            wire={wire}
          />

          <div role="status">{notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}</div>

          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              gap: ${theme.space(3)};
            `}
          >
            <Button type="submit" variant="outline" disabled={disabled} aria-busy={busy === 'save' || undefined}>
              Entwurf speichern
            </Button>
            <Button variant="outline" onClick={() => void onPreview()} disabled={disabled} aria-busy={busy === 'preview' || undefined}>
              Vorschau
            </Button>
            <Button variant="outline" onClick={() => void onTest()} disabled={disabled} aria-busy={busy === 'test' || undefined}>
              Test an mich senden
            </Button>
            <Button variant="secondary" onClick={() => void onAskSend()} disabled={disabled} aria-busy={busy === 'confirm' || undefined}>
              Senden …
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={disabled}>
              Zurück zur Liste
            </Button>
          </div>
        </div>
      </form>

      {preview && <MessagePreview preview={preview} />}

      {confirm !== null && (
        <Dialog
          title="Nachricht senden?"
          description={`„${subject.trim()}“ geht jetzt an ${accountsText(confirm)}. Danach lässt sie sich nicht mehr ändern oder zurückholen.`}
          onClose={() => {
            if (!sending.current) setConfirm(null);
          }}
        >
          <form noValidate onSubmit={(event) => void onSend(event)}>
            <DialogActions submitLabel={`An ${accountsText(confirm)} senden`} sending={busy === 'send'} onCancel={() => setConfirm(null)} />
          </form>
        </Dialog>
      )}
    </Panel>
  );
}
