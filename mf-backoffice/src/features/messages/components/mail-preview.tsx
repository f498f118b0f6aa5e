import { css } from '@emotion/react';
import type { Theme } from '@emotion/react';
import { useEffect, useRef } from 'react';

/**
 * The mail's HTML as a club's mail program shows it, in a shadow root: its own styles stay inside
 * (and the back office's stay out), and no frame is needed — the site's policy forbids frames
 * (`frame-src 'none'`), which also blanks an `<iframe srcdoc>`. The HTML is the server's own
 * rendering of the escaped message (no scripts: the page's policy allows none inline anyway).
 */
export function MailPreview({ html, title }: { html: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);
  return (
    <div
      ref={host}
      role="document"
      aria-label={title}
      data-testid="mail-preview"
      css={(theme: Theme) => css`
        display: block;
        max-height: 720px;
        overflow: auto;
        border: 1px solid ${theme.colors.border};
        border-radius: ${theme.radius};
        background: ${theme.colors.white};
      `}
    />
  );
}
