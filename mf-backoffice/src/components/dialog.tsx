import { css, type Theme } from '@emotion/react';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { sectionTitle } from './screen';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: string;
  /** The sentence under the title, read out with it. */
  description?: ReactNode;
  onClose: () => void;
  /** What gets the focus when the dialog opens (default: its first field or button). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog: labelled by its title, focus moves into it and stays there (Tab and Shift+Tab
 * go round), Escape closes it, and the focus goes back to where it was (the button that opened it)
 * when it closes. The page behind is covered; clicking there does not close it (a typed reason
 * would be lost).
 */
export function Dialog({ title, description, onClose, initialFocus, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocus?.current ?? box.current?.querySelector<HTMLElement>(FOCUSABLE) ?? box.current;
    target?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Only when the dialog opens and closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      css={(theme: Theme) => css`
        position: fixed;
        inset: 0;
        z-index: ${theme.zIndex.menu + 50};
        display: flex;
        align-items: center;
        justify-content: center;
        padding: ${theme.space(4)};
        background: rgba(11, 42, 74, 0.55);
      `}
    >
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        css={(theme: Theme) => css`
          width: 100%;
          max-width: 560px;
          max-height: calc(100vh - ${theme.space(8)});
          overflow-y: auto;
          padding: ${theme.space(6)};
          border-radius: ${theme.radius};
          background: ${theme.colors.surface};
          color: ${theme.colors.textDark};
          box-shadow: 0 12px 40px rgba(11, 42, 74, 0.35);
          &:focus {
            outline: none;
          }
        `}
      >
        <h2
          id={titleId}
          css={(theme: Theme) => css`
            ${sectionTitle(theme)};
            margin: 0 0 ${theme.space(2)};
          `}
        >
          {title}
        </h2>
        {description && (
          <p
            id={descriptionId}
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(5)};
            `}
          >
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
