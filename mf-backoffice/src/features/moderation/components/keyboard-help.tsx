import { css, type Theme } from '@emotion/react';
import { useId } from 'react';

/** The queue's keyboard shortcuts, as the screen lists them. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; label: string; what: string }> = [
  { keys: 'j', label: 'J', what: 'Nächster Beitrag' },
  { keys: 'k', label: 'K', what: 'Vorheriger Beitrag' },
  { keys: '1 2 3 4', label: '1–4', what: 'Punkt 1 bis 4 der Checkliste abhaken oder zurücknehmen' },
  { keys: 'x', label: 'X', what: 'Beitrag auswählen oder abwählen' },
  { keys: 'f', label: 'F', what: 'Freigeben (alle vier Punkte der Checkliste bestätigt)' },
  { keys: 'a', label: 'A', what: 'Ablehnen (öffnet den Dialog für den Grund)' },
];

/**
 * 'Tastenkürzel': what each key does on the current entry (the one with the frame). They do nothing
 * while you type in a field or while a dialog is open.
 */
export function KeyboardHelp() {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        margin: 0 0 ${theme.space(4)};
        padding: ${theme.space(3)} ${theme.space(4)};
        border: 1px dashed ${theme.colors.border};
        border-radius: ${theme.radius};
        font-size: 0.9375rem;
      `}
    >
      <h3
        id={titleId}
        css={css`
          margin: 0;
          font-size: 1rem;
        `}
      >
        Tastenkürzel
      </h3>
      <p
        css={(theme: Theme) => css`
          margin: ${theme.space(1)} 0 ${theme.space(2)};
        `}
      >
        Sie wirken auf den umrahmten Beitrag und nie, während du in ein Feld schreibst oder ein Dialog offen ist.
      </p>
      <dl
        css={(theme: Theme) => css`
          display: grid;
          grid-template-columns: max-content minmax(0, 1fr);
          gap: ${theme.space(1)} ${theme.space(3)};
          ${theme.mq.md} {
            grid-template-columns: max-content minmax(0, 1fr) max-content minmax(0, 1fr);
          }
          margin: 0;
          dd {
            margin: 0;
          }
          kbd {
            display: inline-block;
            min-width: 1.6em;
            padding: 0 ${theme.space(1)};
            border: 1px solid ${theme.colors.border};
            border-radius: 4px;
            font-family: inherit;
            font-weight: 700;
            text-align: center;
          }
        `}
      >
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} css={css`display: contents;`}>
            <dt>
              <kbd>{shortcut.label}</kbd>
            </dt>
            <dd>{shortcut.what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
