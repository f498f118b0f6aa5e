import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonAnchor, VisuallyHidden } from '@erd/shared-contracts/ui';
import { ShareActions } from './share-actions.js';

const CONFIRMATION_MS = 5000;

/** WhatsApp's own link that opens a chat picker with `text` filled in. */
export const whatsAppHref = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * The share kit's WhatsApp text (issue 23): prefilled with `text` (the page's own words and link),
 * changeable, 'Text kopieren' (confirmed with 'Kopiert!'; where the clipboard is refused, the text
 * is selected to copy by hand) and 'In WhatsApp öffnen' (WhatsApp's own link with the text).
 */
export function WhatsAppText({ text: initialText }: { text: string }) {
  const [text, setText] = useState(initialText);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopy('manual');
    }
  };

  return (
    <div
      css={(theme: Theme) => css`
        display: grid;
        gap: ${theme.space(2)};
      `}
    >
      <label
        htmlFor={fieldId}
        css={css`
          font-weight: 700;
        `}
      >
        Text für WhatsApp
      </label>
      <textarea
        id={fieldId}
        ref={field}
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        css={(theme: Theme) => css`
          width: 100%;
          padding: ${theme.space(2.5)} ${theme.space(3)};
          border: 2px solid ${theme.colors.border};
          border-radius: ${theme.radius};
          font: inherit;
          line-height: 1.4;
          color: ${theme.colors.textDark};
          background: ${theme.colors.white};
          resize: vertical;
          overflow-wrap: anywhere;
          &:focus-visible {
            outline: 3px solid ${theme.colors.focus};
            outline-offset: 1px;
          }
        `}
      />
      <ShareActions>
        <Button variant="secondary" onClick={() => void copyText()}>
          Text kopieren
        </Button>
        <ButtonAnchor variant="primary" href={whatsAppHref(text)} target="_blank" rel="noopener noreferrer">
          In WhatsApp öffnen
          <VisuallyHidden> (öffnet in neuem Tab)</VisuallyHidden>
        </ButtonAnchor>
        <span
          role="status"
          aria-live="polite"
          css={(theme: Theme) => css`
            font-weight: 700;
            color: ${copy === 'manual' ? theme.colors.textDark : theme.colors.success};
          `}
        >
          {copy === 'copied' ? 'Kopiert!' : copy === 'manual' ? 'Kopieren ging nicht: Der Text ist markiert, kopiere ihn von Hand.' : ''}
        </span>
      </ShareActions>
    </div>
  );
}
