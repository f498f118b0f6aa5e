import type { MutableRefObject } from 'react';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import type { WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { EntryCard } from './entry-card';
import { isComplete } from './werberat-checklist';
import { columnList } from '../../../components/layout-styles';

/** 'Wartende Beiträge': one card per entry, with its checklist, selection and buttons. */
export function QueueList({
  items,
  titles,
  publishing,
  errors,
  publish,
  openReject,
  headings,
  firstChecks,
  checklistOf,
  setChecklists,
  checklistErrors,
  setChecklistErrors,
  selected,
  toggleSelected,
  currentId,
  setCurrent,
}: {
  items: OperatorParticipationDto[];
  titles: ReadonlyMap<string, string>;
  publishing: string | null;
  errors: Record<string, string>;
  publish: (entry: OperatorParticipationDto) => Promise<void>;
  openReject: (entry: OperatorParticipationDto) => void;
  headings: MutableRefObject<Map<string, HTMLHeadingElement>>;
  firstChecks: MutableRefObject<Map<string, HTMLInputElement>>;
  checklistOf: (id: string) => WerberatChecklistDto;
  setChecklists: (change: (all: Record<string, WerberatChecklistDto>) => Record<string, WerberatChecklistDto>) => void;
  checklistErrors: Record<string, string>;
  setChecklistErrors: (change: (all: Record<string, string>) => Record<string, string>) => void;
  selected: ReadonlySet<string>;
  toggleSelected: (id: string, on: boolean) => void;
  currentId: string | null;
  setCurrent: (id: string) => void;
}) {
  return (
    <ul aria-label="Wartende Beiträge" css={columnList(6)}>
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
  );
}
