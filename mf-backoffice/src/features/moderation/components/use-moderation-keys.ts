import { type MutableRefObject, type RefObject, useEffect } from 'react';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import { WERBERAT_CHECK_KEYS, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { EMPTY_CHECKLIST } from './werberat-checklist';

/** A key typed into a field is text, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

export interface ModerationKeyState {
  items: OperatorParticipationDto[];
  current: string | null;
  deciding: unknown;
  publishing: string | null;
  selected: ReadonlySet<string>;
  checklists: Record<string, WerberatChecklistDto>;
}

export interface ModerationKeyActions {
  publish: (entry: OperatorParticipationDto) => Promise<void>;
  openReject: (entry: OperatorParticipationDto) => void;
  toggleSelected: (id: string, on: boolean) => void;
}

/**
 * The keyboard shortcuts of the queue, on the current entry (the first one until another gets the
 * focus): j/k move, x selects, f publishes, a rejects, 1–4 tick the checklist; never while typing
 * or with a dialog open. `state` and `actions` are read when a key is pressed.
 */
export function useModerationKeys(
  state: MutableRefObject<ModerationKeyState>,
  actions: MutableRefObject<ModerationKeyActions>,
  headings: RefObject<Map<string, HTMLHeadingElement>>,
  setCurrent: (id: string) => void,
  setChecklists: (change: (all: Record<string, WerberatChecklistDto>) => Record<string, WerberatChecklistDto>) => void,
) {
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
    // The state and the actions are read through their refs when a key is pressed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
