import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { isApiError, type OperatorParticipationDto } from '@erd/shared-contracts';
import { WERBERAT_CHECK_KEYS, type ModerationDecision, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { ScreenHeader } from '../../../components/screen';
import { useOperatorSession } from '../../../lib/operator-session';
import { LoadState, ResultSummary, useOperatorData } from '../../../kit';
import { decide } from '../api/decide';
import { listPending, QUEUE_MAX_SIZE, QUEUE_PAGE_SIZE } from '../api/list-pending';
import { useChallengeTitles } from '../hooks/use-challenge-titles';
import { useSelection } from '../hooks/use-selection';
import { DecisionDialog, type DecisionOutcome } from './decision-dialog';
import { EntryLookup } from './entry-lookup';
import { KeyboardHelp } from './keyboard-help';
import { checklistTexts, EMPTY_CHECKLIST, isComplete } from './werberat-checklist';
import { moderationTexts, outcomeMessage, waiting } from './moderation-texts';
import { QueueList } from './queue-list';
import { LoadMore, QueueEmpty, ReloadFailed } from './queue-parts';
import { SelectionBar } from './selection-bar';
import { useModerationKeys } from './use-moderation-keys';
import { StatusNotice } from '../../../components/status-notice';
import { spaceBelow } from '../../../components/layout-styles';

export { moderationTexts, outcomeMessage };

type Deciding = { decision: ModerationDecision; entries: OperatorParticipationDto[]; checklist: WerberatChecklistDto } | null;

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
  // Selections of entries that left the list are forgotten.
  const { selected, setSelected, toggle: toggleSelected } = useSelection(items.map((item) => item.id));

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

  const openReject = (entry: OperatorParticipationDto) =>
    setDeciding({ decision: 'reject', entries: [entry], checklist: checklistOf(entry.id) });
  const selectedEntries = items.filter((item) => selected.has(item.id));
  const openMany = (decision: ModerationDecision) => {
    if (selectedEntries.length === 0) return;
    setDeciding({ decision, entries: selectedEntries, checklist: EMPTY_CHECKLIST });
  };

  // The keyboard shortcuts: on the current entry (the first one until another gets the focus).
  const state = useRef({ items, current, deciding, publishing, selected, checklists });
  state.current = { items, current, deciding, publishing, selected, checklists };
  const actions = useRef({ publish, openReject, toggleSelected });
  actions.current = { publish, openReject, toggleSelected };

  useModerationKeys(state, actions, headings, setCurrent, setChecklists);

  const total = queueData ? queueData.total : 0;
  const more = items.length < total;
  const canLoadMore = more && size < QUEUE_MAX_SIZE;
  const currentId = items.some((item) => item.id === current) ? current : (items[0]?.id ?? null);

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

      <div ref={lookup} css={spaceBelow(6)}>
        <EntryLookup challengeTitle={(id) => titles.get(id) ?? id} />
      </div>

      <StatusNotice notice={notice ? { tone: 'success', text: notice } : null} />

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
          {queue.reloadFailed && <ReloadFailed />}
          <ResultSummary ref={summary}>{total === 0 ? moderationTexts.empty : waiting(total)}</ResultSummary>
          {total === 0 ? (
            <QueueEmpty />
          ) : (
            <>
              <KeyboardHelp />
              <SelectionBar
                items={items}
                selected={selected}
                setSelected={setSelected}
                selectedEntries={selectedEntries}
                openMany={openMany}
              />
              <QueueList
                items={items}
                titles={titles}
                publishing={publishing}
                errors={errors}
                publish={publish}
                openReject={openReject}
                headings={headings}
                firstChecks={firstChecks}
                checklistOf={checklistOf}
                setChecklists={setChecklists}
                checklistErrors={checklistErrors}
                setChecklistErrors={setChecklistErrors}
                selected={selected}
                toggleSelected={toggleSelected}
                currentId={currentId}
                setCurrent={setCurrent}
              />
            </>
          )}
          {more && (
            <LoadMore
              canLoadMore={canLoadMore}
              shown={items.length}
              disabled={reloading}
              onMore={() => setSize((n) => Math.min(n + QUEUE_PAGE_SIZE, QUEUE_MAX_SIZE))}
            />
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
