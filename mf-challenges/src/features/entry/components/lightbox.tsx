import { css, type Theme } from '@emotion/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '@erd/shared-contracts/ui';

/**
 * Spec §4 lightbox (loaded on the first open): the picture large, as a modal dialog. Escape, the
 * close button or a click beside the picture close it; the focus stays inside while it is open,
 * and the page behind does not scroll. The opener gets the focus back (its `onClose`).
 */
export function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        // The close button is the only control: Tab keeps the focus on it.
        event.preventDefault();
        closeRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      css={(theme: Theme) => css`
        position: fixed;
        inset: 0;
        z-index: ${theme.zIndex.menu + 50};
        display: flex;
        align-items: center;
        justify-content: center;
        padding: ${theme.space(16)} ${theme.space(3)} ${theme.space(6)};
        background: rgba(8, 18, 32, 0.92);
      `}
    >
      <button
        ref={closeRef}
        type="button"
        aria-label="Schließen"
        onClick={onClose}
        css={(theme: Theme) => css`
          position: absolute;
          top: ${theme.space(3)};
          right: ${theme.space(3)};
          display: inline-flex;
          align-items: center;
          justify-content: center;
          width: 48px;
          height: 48px;
          padding: 0;
          border: 2px solid rgba(255, 255, 255, 0.6);
          border-radius: 50%;
          background: transparent;
          color: ${theme.colors.white};
          cursor: pointer;
          &:hover {
            background: rgba(255, 255, 255, 0.12);
          }
          &:focus-visible {
            outline: 3px solid ${theme.colors.focus};
            outline-offset: 2px;
          }
        `}
      >
        <Icon name="menu-close-outline" size="sm" color="white" />
      </button>
      <img
        src={src}
        alt={alt}
        onClick={onClose}
        css={css`
          display: block;
          max-width: 100%;
          max-height: 100%;
          width: auto;
          height: auto;
          object-fit: contain;
          cursor: zoom-out;
        `}
      />
    </div>,
    document.body,
  );
}
