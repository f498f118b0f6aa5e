import { css, type Theme } from '@emotion/react';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import type { ModerationDecision } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { beitraege } from './moderation-texts';
import { buttonRow } from '../../../components/form-styles';
import { selectBox, selectLabel } from './selection-styles';

/** 'Auswahl': select all shown entries, how many are selected, and publish or reject them together. */
export function SelectionBar({
  items,
  selected,
  setSelected,
  selectedEntries,
  openMany,
}: {
  items: OperatorParticipationDto[];
  selected: ReadonlySet<string>;
  setSelected: (selected: ReadonlySet<string>) => void;
  selectedEntries: OperatorParticipationDto[];
  openMany: (decision: ModerationDecision) => void;
}) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
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
      <label css={selectLabel}>
        <input
          type="checkbox"
          checked={allSelected}
          onChange={(event) => setSelected(event.target.checked ? new Set(items.map((item) => item.id)) : new Set())}
          css={selectBox}
        />
        Alle angezeigten auswählen
      </label>
      <span aria-live="polite">{selected.size === 0 ? 'Nichts ausgewählt' : `${beitraege(selected.size)} ausgewählt`}</span>
      <span
        css={(theme: Theme) => css`
          ${buttonRow(theme)};
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
  );
}
