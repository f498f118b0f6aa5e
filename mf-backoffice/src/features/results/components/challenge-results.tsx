import { css, type Theme } from '@emotion/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isValidOperatorReason } from '@erd/shared-contracts/backoffice';
import { FormMessage, TextAreaField, TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { parseEstimate, type ResultPreviewDto, type ResultVersionDto } from '@erd/shared-contracts/wire';
import { ReasonPrompt } from '../../../components/reason-dialog';
import { Panel } from '../../../components/screen';
import { reasonTexts } from '../../../lib/reason';
import { formatDateTime } from '../../../lib/format';
import { getResultPreview, listResultVersions, publishResult, setRightAnswer } from '../api/results-api';
import { resultsTexts } from './results-texts';

const cell = (theme: Theme) => css`
  padding: ${theme.space(2)} ${theme.space(3)};
  text-align: left;
  border-bottom: 1px solid ${theme.colors.border};
`;

function messageOf(error: unknown): string {
  const body = isApiError(error) ? (error.data as { message?: string } | undefined) : undefined;
  return body?.message ?? resultsTexts.failed;
}

/** One challenge's results: the preview of its table, the right answer, publishing and the versions. */
export function ChallengeResults({
  challengeId,
  isAdmin,
  onChanged,
  guard,
}: {
  challengeId: string;
  isAdmin: boolean;
  onChanged: () => void;
  guard: (e: unknown) => void;
}) {
  const [preview, setPreview] = useState<ResultPreviewDto | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [versions, setVersions] = useState<ResultVersionDto[]>([]);
  const [answer, setAnswer] = useState('');
  const [answerReason, setAnswerReason] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setPreviewError(null);
    try {
      const p = await getResultPreview(challengeId);
      setPreview(p);
      setAnswer(p.rightAnswer === null ? '' : String(p.rightAnswer));
    } catch (error) {
      guard(error);
      setPreview(null);
      setPreviewError(messageOf(error));
    }
    try {
      setVersions(await listResultVersions(challengeId));
    } catch (error) {
      guard(error);
    }
  }, [challengeId, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  const published = versions[0] ?? null;

  const onAnswer = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    // '4.500' and '4 500' are 4500, as everywhere a number is entered (issue 24).
    const rightAnswer = parseEstimate(answer);
    if (rightAnswer === undefined) return setAnswerError(resultsTexts.answer);
    if (published && !isValidOperatorReason(answerReason)) return setAnswerError(resultsTexts.reason);
    setAnswerError(null);
    setBusy(true);
    try {
      await setRightAnswer(challengeId, { rightAnswer, ...(published ? { reason: answerReason.trim() } : {}) });
      setMessage({ tone: 'success', text: resultsTexts.answerSaved });
      await load();
      onChanged();
    } catch (error) {
      guard(error);
      setAnswerError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const publish = async (reason?: string) => {
    if (!preview) return;
    setPublishing(true);
    setMessage(null);
    try {
      const result = await publishResult(challengeId, { expectedVersion: preview.currentVersion, ...(reason ? { reason } : {}) });
      setAskReason(false);
      setMessage({ tone: 'success', text: resultsTexts.published(result.challenge.version) });
      await load();
      onChanged();
    } catch (error) {
      guard(error);
      setAskReason(false);
      setMessage({ tone: 'error', text: messageOf(error) });
    } finally {
      setPublishing(false);
    }
  };

  const needsAnswer = preview?.needsAnswer ?? previewError !== null;

  return (
    <div css={(theme: Theme) => css`display: grid; gap: ${theme.space(6)};`}>
      {isAdmin && needsAnswer && (
        <Panel>
          <form
            noValidate
            onSubmit={(e) => void onAnswer(e)}
            css={(theme: Theme) => css`display: grid; gap: ${theme.space(3)}; max-width: 420px;`}
          >
            <TextField
              label="Richtige Antwort"
              name="rightAnswer"
              inputMode="numeric"
              value={answer}
              error={answerError ?? undefined}
              onChange={(e) => setAnswer(e.target.value)}
            />
            {published && (
              <TextAreaField
                label="Grund der Änderung"
                name="answerReason"
                value={answerReason}
                onChange={(e) => setAnswerReason(e.target.value)}
                error={null}
              />
            )}
            <div>
              <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                Antwort speichern
              </Button>
            </div>
          </form>
        </Panel>
      )}
      <div role="status" aria-live="polite">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      </div>
      {previewError && <FormMessage tone="error">{previewError}</FormMessage>}
      {preview && (
        <Panel css={css`overflow-x: auto;`}>
          <h2 css={css`margin-top: 0;`}>Vorschau</h2>
          {preview.blockers.length > 0 && (
            <ul>
              {preview.blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
          {preview.rows.length === 0 ? (
            <p>Noch keine Teilnahmen.</p>
          ) : (
            <table css={css`width: 100%; border-collapse: collapse;`}>
              <caption css={css`text-align: left;`}>
                Tabelle, wie sie veröffentlicht würde{preview.rightAnswer !== null ? ` (richtige Antwort ${preview.rightAnswer})` : ''}
              </caption>
              <thead>
                <tr>
                  {['Platz', 'Verein', preview.ranking === 'votes' ? 'Stimmen' : 'Antwort', 'Punkte'].map((h) => (
                    <th key={h} scope="col" css={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.club._id}>
                    <td css={cell}>{row.place}</td>
                    <th scope="row" css={cell}>
                      <bdi>{row.club.clubname}</bdi> ({row.club.team === 'w' ? 'Damen' : 'Herren'})
                    </th>
                    <td css={cell}>{preview.ranking === 'votes' ? row.votes : row.estimate}</td>
                    <td css={cell}>{row.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {isAdmin && (
            <div css={css`margin-top: 16px;`}>
              <Button
                disabled={!preview.canPublish || publishing}
                aria-busy={publishing || undefined}
                onClick={() => (preview.currentVersion > 0 ? setAskReason(true) : void publish())}
              >
                {preview.currentVersion > 0 ? 'Korrektur veröffentlichen' : 'Ergebnisse veröffentlichen'}
              </Button>
            </div>
          )}
        </Panel>
      )}
      <Panel>
        <h2 css={css`margin-top: 0;`}>Versionen</h2>
        {versions.length === 0 ? (
          <p>Noch nicht veröffentlicht.</p>
        ) : (
          <ul aria-label="Veröffentlichte Versionen">
            {versions.map((v) => (
              <li key={v.version}>
                Version {v.version}: {formatDateTime(v.publishedAt)} von {v.publishedBy}
                {v.reason ? ` – Grund: ${v.reason}` : ''} ({v.rows.length} Vereine)
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {askReason && (
        <ReasonPrompt
          title="Korrektur veröffentlichen"
          description="Die Ergebnisse sind schon veröffentlicht. Eine Korrektur braucht einen Grund."
          reasonLabel="Grund der Korrektur"
          hint={reasonTexts.limits}
          rule={resultsTexts.reason}
          submitLabel="Veröffentlichen"
          sending={publishing}
          onCancel={() => setAskReason(false)}
          onConfirm={(reason) => void publish(reason)}
        />
      )}
    </div>
  );
}
