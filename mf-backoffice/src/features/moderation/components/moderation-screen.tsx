import { css, type Theme } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, type OperatorParticipationDto, type OperatorParticipationPageDto } from '@erd/shared-contracts';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { Panel, ScreenHeader } from '../../../components/screen';
import { entryPhrase } from '../../../lib/format';
import { useOperatorSession } from '../../../lib/operator-session';
import { listPending, QUEUE_MAX_SIZE, QUEUE_PAGE_SIZE } from '../api/list-pending';
import { publishEntry } from '../api/publish-entry';
import { useChallengeTitles } from '../hooks/use-challenge-titles';
import { EntryCard } from './entry-card';
import { RejectDialog, type RejectOutcome } from './reject-dialog';

export const moderationTexts = {
  empty: 'Keine Beiträge warten auf Prüfung.',
  emptyHint: 'Neue Sprüche und Bilder erscheinen hier, sobald Vereine sie einreichen. „Aktualisieren“ lädt die Liste neu.',
  loading: 'Beiträge werden geladen …',
  loadFailed: 'Die Beiträge konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  reloadFailed: 'Die Liste konnte gerade nicht neu geladen werden; sie zeigt vielleicht schon Bearbeitetes.',
  publishFailed: 'Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.',
  alreadyHandled: 'Dieser Beitrag wurde inzwischen schon bearbeitet. Die Liste ist neu geladen.',
} as const;

const waiting = (total: number) => (total === 1 ? '1 Beitrag wartet auf Prüfung.' : `${total} Beiträge warten auf Prüfung.`);
const oldestShown = (shown: number) => `Die ältesten ${shown} werden angezeigt; bearbeitete machen Platz für die nächsten.`;

type Queue =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; page: OperatorParticipationPageDto; reloading: boolean; reloadFailed: boolean };

/**
 * 'Moderation': the slogans and pictures waiting for review, oldest first. 'Freigeben' publishes
 * an entry; 'Ablehnen' asks for a reason in a dialog and deletes it. After each action the entry
 * leaves the list, the list is loaded again (other operators work on it too) and the focus moves
 * to the next entry. Failures show next to what failed; an ended session leads to 'Anmeldung'.
 */
export function ModerationScreen() {
  const { signedOut } = useOperatorSession();
  const titles = useChallengeTitles();
  const [queue, setQueue] = useState<Queue>({ status: 'loading' });
  const [size, setSize] = useState(QUEUE_PAGE_SIZE);
  const [notice, setNotice] = useState('');
  const [publishing, setPublishing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rejecting, setRejecting] = useState<OperatorParticipationDto | null>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const summary = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<string | null | undefined>(undefined);
  const request = useRef(0);

  const load = useCallback(
    async (pageSize: number) => {
      const id = ++request.current;
      setQueue((current) => (current.status === 'ready' ? { ...current, reloading: true, reloadFailed: false } : { status: 'loading' }));
      try {
        const page = await listPending({ size: pageSize });
        if (id === request.current) setQueue({ status: 'ready', page, reloading: false, reloadFailed: false });
      } catch (error) {
        if (id !== request.current) return;
        if (isApiError(error) && error.status === 401) signedOut('expired');
        else setQueue((current) => (current.status === 'ready' ? { ...current, reloading: false, reloadFailed: true } : { status: 'error' }));
      }
    },
    [signedOut],
  );

  useEffect(() => {
    void load(size);
  }, [load, size]);

  // After an action: the focus goes to the entry that followed the handled one, else to the summary.
  useEffect(() => {
    if (queue.status !== 'ready' || queue.reloading || focusNext.current === undefined) return;
    const next = focusNext.current ? headings.current.get(focusNext.current) : null;
    focusNext.current = undefined;
    (next ?? summary.current)?.focus();
  }, [queue]);

  const items = queue.status === 'ready' ? queue.page.items : [];

  /** Takes a handled entry out of the list at once and loads the list again. */
  const handled = (entry: OperatorParticipationDto, message: string) => {
    const index = items.findIndex((item) => item.id === entry.id);
    focusNext.current = items[index + 1]?.id ?? items[index - 1]?.id ?? null;
    setNotice(message);
    setErrors(({ [entry.id]: _dropped, ...rest }) => rest);
    setQueue((current) =>
      current.status === 'ready'
        ? {
            ...current,
            page: { items: current.page.items.filter((item) => item.id !== entry.id), total: Math.max(0, current.page.total - 1) },
          }
        : current,
    );
    void load(size);
  };

  const publish = async (entry: OperatorParticipationDto) => {
    setPublishing(entry.id);
    setErrors(({ [entry.id]: _dropped, ...rest }) => rest);
    try {
      await publishEntry(entry.id);
      handled(entry, `${entryPhrase(entry)} ist freigegeben.`);
    } catch (error) {
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else if (isApiError(error) && (error.status === 409 || error.status === 404)) handled(entry, moderationTexts.alreadyHandled);
      else setErrors((current) => ({ ...current, [entry.id]: moderationTexts.publishFailed }));
    } finally {
      setPublishing(null);
    }
  };

  const rejectDone = (entry: OperatorParticipationDto, outcome: RejectOutcome) => {
    setRejecting(null);
    if (outcome === 'unauthorized') signedOut('expired');
    else handled(entry, outcome === 'rejected' ? `${entryPhrase(entry)} ist abgelehnt und gelöscht.` : moderationTexts.alreadyHandled);
  };

  const total = queue.status === 'ready' ? queue.page.total : 0;
  const more = items.length < total;
  const canLoadMore = more && size < QUEUE_MAX_SIZE;

  return (
    <section aria-labelledby="moderation-title">
      <ScreenHeader title="Moderation" titleId="moderation-title" intro="Sprüche und Bilder der Vereine sind erst nach der Freigabe öffentlich.">
        {queue.status === 'ready' && (
          <Button variant="secondary" onClick={() => void load(size)} disabled={queue.reloading} aria-busy={queue.reloading || undefined}>
            Aktualisieren
          </Button>
        )}
      </ScreenHeader>

      <div
        role="status"
        css={(theme: Theme) => css`
          &:not(:empty) {
            margin-bottom: ${theme.space(5)};
          }
        `}
      >
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
      </div>

      {queue.status === 'loading' && <Spinner label={moderationTexts.loading} />}

      {queue.status === 'error' && (
        <Panel role="alert">
          <p
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
            `}
          >
            {moderationTexts.loadFailed}
          </p>
          <Button variant="secondary" onClick={() => void load(size)}>
            Erneut laden
          </Button>
        </Panel>
      )}

      {queue.status === 'ready' && (
        <>
          {queue.reloadFailed && (
            <div
              css={(theme: Theme) => css`
                margin-bottom: ${theme.space(5)};
              `}
            >
              <FormMessage tone="error">{moderationTexts.reloadFailed}</FormMessage>
            </div>
          )}
          <h2
            ref={summary}
            tabIndex={-1}
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(4)};
              font-size: 1.125rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {total === 0 ? moderationTexts.empty : waiting(total)}
          </h2>
          {total === 0 ? (
            <Panel>
              <p
                css={css`
                  margin: 0;
                `}
              >
                {moderationTexts.emptyHint}
              </p>
            </Panel>
          ) : (
            <ul
              aria-label="Wartende Beiträge"
              css={(theme: Theme) => css`
                display: flex;
                flex-direction: column;
                gap: ${theme.space(6)};
                margin: 0;
                padding: 0;
                list-style: none;
              `}
            >
              {items.map((entry) => (
                <li key={entry.id}>
                  <EntryCard
                    entry={entry}
                    challengeTitle={titles.get(entry.challengeId) ?? entry.challengeId}
                    publishing={publishing === entry.id}
                    error={errors[entry.id] ?? null}
                    onPublish={() => void publish(entry)}
                    onReject={() => setRejecting(entry)}
                    headingRef={(element) => {
                      if (element) headings.current.set(entry.id, element);
                      else headings.current.delete(entry.id);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          {more && (
            <div
              css={(theme: Theme) => css`
                display: flex;
                justify-content: center;
                margin-top: ${theme.space(6)};
              `}
            >
              {canLoadMore ? (
                <Button variant="outline" onClick={() => setSize((n) => Math.min(n + QUEUE_PAGE_SIZE, QUEUE_MAX_SIZE))} disabled={queue.reloading}>
                  Weitere Beiträge laden
                </Button>
              ) : (
                <p>{oldestShown(items.length)}</p>
              )}
            </div>
          )}
        </>
      )}

      {rejecting && <RejectDialog entry={rejecting} onCancel={() => setRejecting(null)} onDone={(outcome) => rejectDone(rejecting, outcome)} />}
    </section>
  );
}
