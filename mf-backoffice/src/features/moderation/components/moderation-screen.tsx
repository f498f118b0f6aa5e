import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { isApiError, type OperatorParticipationDto } from '@erd/shared-contracts';
import { WERBERAT_CHECK_KEYS, type ModerationDecision, type ModerationDecisionResultDto, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel, ScreenHeader } from '../../../components/screen';
import { entryPhrase } from '../../../lib/format';
import { useOperatorSession } from '../../../lib/operator-session';
import { LoadState, useOperatorData } from '../../../kit';
import { decide } from '../api/decide';
import { listPending, QUEUE_MAX_SIZE, QUEUE_PAGE_SIZE } from '../api/list-pending';
import { useChallengeTitles } from '../hooks/use-challenge-titles';
import { DecisionDialog, type DecisionOutcome } from './decision-dialog';
import { EntryCard } from './entry-card';
import { EntryLookup } from './entry-lookup';
import { KeyboardHelp } from './keyboard-help';
import { checklistTexts, EMPTY_CHECKLIST, isComplete } from './werberat-checklist';

export const moderationTexts = {
  empty: 'Keine Beiträge warten auf Prüfung.',
  emptyHint: 'Neue Sprüche und Bilder erscheinen hier, sobald Vereine sie einreichen. „Aktualisieren“ lädt die Liste neu.',
  loading: 'Beiträge werden geladen …',
  loadFailed: 'Die Beiträge konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  reloadFailed: 'Die Liste konnte gerade nicht neu geladen werden; sie zeigt vielleicht schon Bearbeitetes.',
  publishFailed: 'Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.',
  alreadyHandled: 'Dieser Beitrag wurde inzwischen schon bearbeitet. Die Liste ist neu geladen.',
  gone: 'Diesen Beitrag gibt es nicht mehr. Die Liste ist neu geladen.',
} as const;

const waiting = (total: number) => (total === 1 ? '1 Beitrag wartet auf Prüfung.' : `${total} Beiträge warten auf Prüfung.`);
const oldestShown = (shown: number) => `Die ältesten ${shown} werden angezeigt; bearbeitete machen Platz für die nächsten.`;
const beitraege = (n: number) => (n === 1 ? '1 Beitrag' : `${n} Beiträge`);
const ist = (n: number) => (n === 1 ? 'ist' : 'sind');
const war = (n: number) => (n === 1 ? 'war' : 'waren');

/**
 * The German sentence about a decision on one or several entries: what was done, and honestly
 * what was not (another operator was faster, or the entry is gone).
 */
export function outcomeMessage(result: ModerationDecisionResultDto, entries: readonly OperatorParticipationDto[]): string {
  const done = result.items.filter((item) => item.outcome === 'published' || item.outcome === 'rejected').length;
  const decided = result.items.filter((item) => item.outcome === 'already-decided').length;
  const missing = result.items.filter((item) => item.outcome === 'not-found').length;
  if (result.items.length === 1) {
    const entry = entries.find((e) => e.id === result.items[0]!.id);
    if (done === 1 && entry) return result.decision === 'publish' ? `${entryPhrase(entry)} ist freigegeben.` : `${entryPhrase(entry)} ist abgelehnt und gelöscht.`;
    return decided ? moderationTexts.alreadyHandled : moderationTexts.gone;
  }
  const verb = result.decision === 'publish' ? 'freigegeben' : 'abgelehnt und gelöscht';
  const parts = [done === 0 ? `Kein Beitrag ist ${verb}.` : `${beitraege(done)} ${ist(done)} ${verb}.`];
  if (decided) parts.push(`${beitraege(decided)} ${war(decided)} schon von jemand anderem bearbeitet.`);
  if (missing) parts.push(`${beitraege(missing)} gibt es nicht mehr.`);
  if (decided || missing) parts.push('Die Liste ist neu geladen.');
  return parts.join(' ');
}

type Deciding = { decision: ModerationDecision; entries: OperatorParticipationDto[]; checklist: WerberatChecklistDto } | null;

/** A key typed into a field is text, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/**
 * 'Moderation': the slogans and pictures waiting for review, oldest first, each with the
 * Werberat checklist the moderator ticks. 'Freigeben' publishes an entry once all four points are
 * confirmed; 'Ablehnen' asks for a reason (and the checklist) in a dialog and deletes it. Entries
 * can be selected and published or rejected together. Keyboard: j/k move between entries, 1–4
 * tick the checklist, x selects, f publishes, a rejects (never while typing or with a dialog open).
 * After each action the handled entries leave the list, the list is loaded again (other operators
 * work on it too) and the focus moves on. 'Beitrag nachschlagen' finds any entry by its id.
 */
export function ModerationScreen() {
  const { signedOut } = useOperatorSession();
  const titles = useChallengeTitles();
  const [size, setSize] = useState(QUEUE_PAGE_SIZE);
  const queue = useOperatorData(size, () => listPending({ size }), { keepPrevious: true, keepOnError: true, passwordChange: false });
  const [notice, setNotice] = useState('');
  const [publishing, setPublishing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checklists, setChecklists] = useState<Record<string, WerberatChecklistDto>>({});
  const [checklistErrors, setChecklistErrors] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [current, setCurrent] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const firstChecks = useRef(new Map<string, HTMLInputElement>());
  const summary = useRef<HTMLHeadingElement>(null);
  const lookup = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null | undefined>(undefined);
  const queueData = queue.status === 'ready' ? queue.data : null;
  const reloading = queue.status === 'ready' && queue.reloading;

  // After an action: the focus goes to the entry that followed the handled one, else to the summary;
  // unless the operator has meanwhile gone on elsewhere (typed into 'Beitrag nachschlagen' while the
  // list was still loading): the focus is not taken from them.
  useEffect(() => {
    if (queue.status !== 'ready' || reloading || focusNext.current === undefined) return;
    const next = focusNext.current ? headings.current.get(focusNext.current) : null;
    focusNext.current = undefined;
    const active = document.activeElement;
    if (active && active !== document.body && lookup.current?.contains(active)) return;
    (next ?? summary.current)?.focus();
  }, [queue.status, reloading, queueData]);

  const items = queueData ? queueData.items : [];
  const itemIds = items.map((item) => item.id).join('\n');

  // Selections and ticks of entries that left the list are forgotten.
  useEffect(() => {
    const ids = new Set(itemIds.split('\n'));
    setSelected((current) => (([...current].every((id) => ids.has(id)) ? current : new Set([...current].filter((id) => ids.has(id))))));
  }, [itemIds]);

  const checklistOf = (id: string) => checklists[id] ?? EMPTY_CHECKLIST;

  /** Takes handled entries out of the list at once and loads the list again. */
  const handled = (ids: readonly string[], message: string) => {
    const gone = new Set(ids);
    const lastIndex = Math.max(...ids.map((id) => items.findIndex((item) => item.id === id)));
    const after = items.slice(lastIndex + 1).find((item) => !gone.has(item.id));
    const before = [...items.slice(0, Math.max(0, lastIndex))].reverse().find((item) => !gone.has(item.id));
    focusNext.current = after?.id ?? before?.id ?? null;
    setCurrent(focusNext.current);
    setNotice(message);
    const drop = <T,>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).filter(([id]) => !gone.has(id)));
    setErrors(drop);
    setChecklists(drop);
    setChecklistErrors(drop);
    setSelected((current) => new Set([...current].filter((id) => !gone.has(id))));
    queue.update((page) => ({
      items: page.items.filter((item) => !gone.has(item.id)),
      total: Math.max(0, page.total - page.items.filter((item) => gone.has(item.id)).length),
    }));
    void queue.reload();
  };

  const publish = async (entry: OperatorParticipationDto) => {
    const checklist = checklistOf(entry.id);
    setErrors(({ [entry.id]: _dropped, ...rest }) => rest);
    if (!isComplete(checklist)) {
      setChecklistErrors((current) => ({ ...current, [entry.id]: checklistTexts.incomplete }));
      const firstOpen = WERBERAT_CHECK_KEYS.findIndex((key) => !checklist[key]);
      const first = firstChecks.current.get(entry.id);
      const boxes = first?.closest('fieldset')?.querySelectorAll<HTMLInputElement>('input[type=checkbox]');
      (boxes?.[firstOpen] ?? first)?.focus();
      return;
    }
    setChecklistErrors(({ [entry.id]: _dropped, ...rest }) => rest);
    setPublishing(entry.id);
    try {
      const result = await decide({ decision: 'publish', ids: [entry.id], checklist });
      handled([entry.id], outcomeMessage(result, [entry]));
    } catch (error) {
      if (isApiError(error) && error.status === 401) signedOut('expired');
      else setErrors((current) => ({ ...current, [entry.id]: moderationTexts.publishFailed }));
    } finally {
      setPublishing(null);
    }
  };

  const decisionDone = (outcome: DecisionOutcome) => {
    const entries = deciding?.entries ?? [];
    setDeciding(null);
    if (outcome.status === 'unauthorized') signedOut('expired');
    else
      handled(
        outcome.result.items.map((item) => item.id),
        outcomeMessage(outcome.result, entries),
      );
  };

  const openReject = (entry: OperatorParticipationDto) => setDeciding({ decision: 'reject', entries: [entry], checklist: checklistOf(entry.id) });
  const selectedEntries = items.filter((item) => selected.has(item.id));
  const openMany = (decision: ModerationDecision) => {
    if (selectedEntries.length === 0) return;
    setDeciding({ decision, entries: selectedEntries, checklist: EMPTY_CHECKLIST });
  };

  const toggleSelected = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // The keyboard shortcuts: on the current entry (the first one until another gets the focus).
  const state = useRef({ items, current, deciding, publishing, selected, checklists });
  state.current = { items, current, deciding, publishing, selected, checklists };
  const actions = useRef({ publish, openReject, toggleSelected });
  actions.current = { publish, openReject, toggleSelected };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { items: list, current: currentId, deciding: open, publishing: busy, selected: chosen, checklists: ticks } = state.current;
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (open || document.querySelector('[role="dialog"]') || isTyping(event.target)) return;
      if (list.length === 0) return;
      const index = Math.max(
        0,
        list.findIndex((item) => item.id === currentId),
      );
      const entry = list[index]!;
      const moveTo = (next: number) => {
        const target = list[Math.min(list.length - 1, Math.max(0, next))]!;
        setCurrent(target.id);
        headings.current.get(target.id)?.focus();
      };
      const key = event.key;
      if (key === 'j') moveTo(currentId === null ? 0 : index + 1);
      else if (key === 'k') moveTo(index - 1);
      else if (key === 'x') actions.current.toggleSelected(entry.id, !chosen.has(entry.id));
      else if (key === 'f') {
        if (busy) return;
        setCurrent(entry.id);
        void actions.current.publish(entry);
      } else if (key === 'a') {
        setCurrent(entry.id);
        actions.current.openReject(entry);
      } else if (['1', '2', '3', '4'].includes(key)) {
        const point = WERBERAT_CHECK_KEYS[Number(key) - 1]!;
        const checklist = ticks[entry.id] ?? EMPTY_CHECKLIST;
        setCurrent(entry.id);
        setChecklists((all) => ({ ...all, [entry.id]: { ...checklist, [point]: !checklist[point] } }));
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const total = queueData ? queueData.total : 0;
  const more = items.length < total;
  const canLoadMore = more && size < QUEUE_MAX_SIZE;
  const currentId = items.some((item) => item.id === current) ? current : (items[0]?.id ?? null);
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));

  return (
    <section aria-labelledby="moderation-title">
      <ScreenHeader
        title="Moderation"
        titleId="moderation-title"
        intro="Sprüche und Bilder der Vereine sind erst nach der Freigabe öffentlich. Vor jeder Freigabe prüfst du die Regeln des Deutschen Werberats für Alkoholwerbung."
      >
        {queue.status === 'ready' && (
          <Button variant="secondary" onClick={() => void queue.reload()} disabled={reloading} aria-busy={reloading || undefined}>
            Aktualisieren
          </Button>
        )}
      </ScreenHeader>

      <div
        ref={lookup}
        css={(theme: Theme) => css`
          margin-bottom: ${theme.space(6)};
        `}
      >
        <EntryLookup challengeTitle={(id) => titles.get(id) ?? id} />
      </div>

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

      <LoadState
        state={queue}
        loading={moderationTexts.loading}
        failed={moderationTexts.loadFailed}
        textCss={(theme: Theme) => css`
          margin: 0 0 ${theme.space(4)};
        `}
      />

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
            <>
              <KeyboardHelp />
              <div
                role="group"
                aria-label="Auswahl"
                css={(theme: Theme) => css`
                  position: sticky;
                  top: 0;
                  z-index: 1;
                  display: flex;
                  flex-wrap: wrap;
                  align-items: center;
                  gap: ${theme.space(3)} ${theme.space(4)};
                  margin: 0 0 ${theme.space(5)};
                  padding: ${theme.space(3)} ${theme.space(4)};
                  background: ${theme.colors.surface};
                  border: 1px solid ${theme.colors.border};
                  border-radius: ${theme.radius};
                `}
              >
                <label
                  css={(theme: Theme) => css`
                    display: inline-flex;
                    align-items: center;
                    gap: ${theme.space(2)};
                    cursor: pointer;
                  `}
                >
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={(event) => setSelected(event.target.checked ? new Set(items.map((item) => item.id)) : new Set())}
                    css={css`
                      width: 22px;
                      height: 22px;
                      margin: 0;
                    `}
                  />
                  Alle angezeigten auswählen
                </label>
                <span aria-live="polite">{selected.size === 0 ? 'Nichts ausgewählt' : `${beitraege(selected.size)} ausgewählt`}</span>
                <span
                  css={(theme: Theme) => css`
                    display: flex;
                    flex-wrap: wrap;
                    gap: ${theme.space(3)};
                    margin-left: auto;
                  `}
                >
                  <Button variant="secondary" onClick={() => openMany('publish')} disabled={selectedEntries.length === 0}>
                    Ausgewählte freigeben
                  </Button>
                  <Button variant="outline" onClick={() => openMany('reject')} disabled={selectedEntries.length === 0}>
                    Ausgewählte ablehnen
                  </Button>
                </span>
              </div>
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
                      onReject={() => openReject(entry)}
                      headingRef={(element) => {
                        if (element) headings.current.set(entry.id, element);
                        else headings.current.delete(entry.id);
                      }}
                      checklist={checklistOf(entry.id)}
                      onChecklistChange={(next) => {
                        setChecklists((all) => ({ ...all, [entry.id]: next }));
                        if (isComplete(next)) setChecklistErrors(({ [entry.id]: _dropped, ...rest }) => rest);
                      }}
                      checklistError={checklistErrors[entry.id] ?? null}
                      checklistFirstRef={(element) => {
                        if (element) firstChecks.current.set(entry.id, element);
                        else firstChecks.current.delete(entry.id);
                      }}
                      selected={selected.has(entry.id)}
                      onSelectedChange={(on) => toggleSelected(entry.id, on)}
                      current={currentId === entry.id}
                      onFocusWithin={() => setCurrent(entry.id)}
                    />
                  </li>
                ))}
              </ul>
            </>
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
                <Button variant="outline" onClick={() => setSize((n) => Math.min(n + QUEUE_PAGE_SIZE, QUEUE_MAX_SIZE))} disabled={reloading}>
                  Weitere Beiträge laden
                </Button>
              ) : (
                <p>{oldestShown(items.length)}</p>
              )}
            </div>
          )}
        </>
      )}

      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          entries={deciding.entries}
          initialChecklist={deciding.checklist}
          onCancel={() => setDeciding(null)}
          onDone={decisionDone}
        />
      )}
    </section>
  );
}
