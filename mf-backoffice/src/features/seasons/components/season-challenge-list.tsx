import { css, type Theme } from '@emotion/react';
import { type RefObject } from 'react';
import { Link } from '@erd/shared-contracts';
import type { AdminSeasonChallengeDto, AdminSeasonDto } from '@erd/shared-contracts/schemas';
import { Button, ButtonLink } from '@erd/shared-contracts/ui';
import { visuallyHidden } from '../../../components/table-styles';
import { stackedList } from '../../../components/form-styles';
import { formatDateTime } from '../../../lib/format';
import { challengeEditPath, entriesText, germanDay, TYPE_LABELS } from '../lib';

import type { Pending, RowAction } from './season-dialog';
import { card, headlineCss, meta, muted, numberCss, orderBar, smallButton, withdrawnCss } from './season-styles';
import { cluster, spaceAbove } from '../../../components/layout-styles';

/** The words of a row's changes: the button and the verb of its accessible name ('„…“ duplizieren'). */
const ROW_ACTIONS: Record<RowAction, { label: string; verb: string }> = {
  duplicate: { label: 'Duplizieren', verb: 'duplizieren' },
  restore: { label: 'Wiederherstellen', verb: 'wiederherstellen' },
  withdraw: { label: 'Zurückziehen', verb: 'zurückziehen' },
  remove: { label: 'Entfernen', verb: 'entfernen' },
};

/**
 * The season's challenges in their (maybe not yet saved) order: each with type, public #n, days,
 * entries and withdrawal; admins get its buttons and the moves up and down.
 */
export function SeasonChallengeList({
  season,
  ordered,
  numbers,
  isAdmin,
  orderChanged,
  sending,
  start,
  move,
  moveButtons,
}: {
  season: AdminSeasonDto;
  ordered: AdminSeasonChallengeDto[];
  numbers: Map<string, number | null>;
  isAdmin: boolean;
  orderChanged: boolean;
  sending: boolean;
  start: (action: Pending) => void;
  move: (index: number, dir: 'up' | 'down') => void;
  moveButtons: RefObject<Map<string, HTMLButtonElement>>;
}) {
  /** A row's change that asks first (duplicate, restore, withdraw, remove); not while the new order is unsaved. */
  const rowAction = (c: AdminSeasonChallengeDto, kind: RowAction) => (
    <Button
      key={kind}
      variant="outline"
      css={smallButton}
      disabled={orderChanged || sending}
      aria-label={`„${c.headline}“ ${ROW_ACTIONS[kind].verb}`}
      onClick={() => start({ kind, challenge: c })}
    >
      {ROW_ACTIONS[kind].label}
    </Button>
  );
  return (
    <ol aria-label={`Challenges der Saison ${season.year} in ihrer Reihenfolge`} css={stackedList}>
      {ordered.map((c, index) => {
        const number = numbers.get(c.id);
        const headingId = `season-challenge-${c.id}`;
        return (
          <li key={c.id} aria-labelledby={headingId} css={card(c.withdrawn !== null)}>
            <div css={cluster([1, 3], { align: 'baseline' })}>
              <span css={numberCss} aria-hidden="true">
                {number ? `#${number}` : '–'}
              </span>
              <h3 id={headingId} css={headlineCss}>
                <span css={visuallyHidden}>{number ? `#${number} ` : 'Zurückgezogen: '}</span>
                {c.headline}
              </h3>
            </div>
            <p css={meta}>
              {TYPE_LABELS[c.objectTypeId]} · {germanDay(c.startDate)} – {germanDay(c.endDate)} · {entriesText(c.entries)}
              {c.resultsPublished ? ' · Ergebnisse veröffentlicht' : ''}
            </p>
            {c.withdrawn && (
              <p css={withdrawnCss}>
                <strong>Zurückgezogen</strong> am {formatDateTime(c.withdrawn.at)}: {c.withdrawn.reason}
              </p>
            )}
            <div css={[cluster(2), spaceAbove(3)]}>
              {isAdmin ? (
                <>
                  <ButtonLink
                    to={challengeEditPath(c.id, season.id)}
                    variant="outline"
                    css={smallButton}
                    aria-label={`„${c.headline}“ bearbeiten`}
                  >
                    Bearbeiten
                  </ButtonLink>
                  {rowAction(c, 'duplicate')}
                  {c.withdrawn ? rowAction(c, 'restore') : rowAction(c, 'withdraw')}
                  {c.entries === 0 ? (
                    rowAction(c, 'remove')
                  ) : (
                    <span css={muted}>Entfernen geht nicht ({entriesText(c.entries)}), nur zurückziehen.</span>
                  )}
                  <span
                    css={(theme: Theme) => css`
                      display: inline-flex;
                      gap: ${theme.space(2)};
                      margin-left: auto;
                    `}
                  >
                    {index > 0 && (
                      <Button
                        variant="outline"
                        css={smallButton}
                        ref={(el: HTMLButtonElement | null) =>
                          void (el ? moveButtons.current.set(`${c.id}:up`, el) : moveButtons.current.delete(`${c.id}:up`))
                        }
                        aria-label={`„${c.headline}“ nach oben`}
                        disabled={sending}
                        onClick={() => move(index, 'up')}
                      >
                        ↑ Nach oben
                      </Button>
                    )}
                    {index < ordered.length - 1 && (
                      <Button
                        variant="outline"
                        css={smallButton}
                        ref={(el: HTMLButtonElement | null) =>
                          void (el ? moveButtons.current.set(`${c.id}:down`, el) : moveButtons.current.delete(`${c.id}:down`))
                        }
                        aria-label={`„${c.headline}“ nach unten`}
                        disabled={sending}
                        onClick={() => move(index, 'down')}
                      >
                        ↓ Nach unten
                      </Button>
                    )}
                  </span>
                </>
              ) : (
                <Link to={challengeEditPath(c.id, season.id)} aria-label={`„${c.headline}“ ansehen`}>
                  Ansehen
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** 'Neue Reihenfolge': the order is changed but not saved; discard it or save it. */
export function OrderBar({ sending, onDiscard, onSave }: { sending: boolean; onDiscard: () => void; onSave: () => void }) {
  return (
    <div role="region" aria-label="Neue Reihenfolge" css={orderBar}>
      <p
        css={css`
          margin: 0;
          flex: 1 1 240px;
        `}
      >
        Die Reihenfolge ist geändert, aber noch nicht gespeichert. Andere Änderungen gehen erst danach.
      </p>
      <Button variant="outline" disabled={sending} onClick={onDiscard}>
        Verwerfen
      </Button>
      <Button variant="secondary" disabled={sending} aria-busy={sending || undefined} onClick={onSave}>
        Reihenfolge speichern
      </Button>
    </div>
  );
}
