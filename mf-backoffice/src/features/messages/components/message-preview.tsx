import { css, type Theme } from '@emotion/react';
import type { OperatorMessagePreviewDto } from '@erd/shared-contracts/schemas';
import { accountsText } from '../lib';
import { MailPreview } from './mail-preview';
import { spaceAbove } from '../../../components/layout-styles';

/** 'Vorschau': the mail as a club account gets it, and its plain text. */
export function MessagePreview({ preview }: { preview: OperatorMessagePreviewDto }) {
  return (
    <section aria-label="Vorschau" css={spaceAbove(6)}>
      <h2
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(2)};
          font-size: 1.125rem;
        `}
      >
        Vorschau: {preview.subject}
      </h2>
      <p
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(3)};
          color: ${theme.colors.textMuted};
        `}
      >
        So sieht die E-Mail für ein Vereinskonto aus („Vorname“ steht für den Namen des Kontos). Sie geht jetzt an{' '}
        {accountsText(preview.recipients)}.
      </p>
      <MailPreview html={preview.html} title="Vorschau der E-Mail" />
      <details css={spaceAbove(3)}>
        <summary>Reiner Text</summary>
        <pre
          css={(theme: Theme) => css`
            white-space: pre-wrap;
            overflow-wrap: anywhere;
            font-size: 0.875rem;
            padding: ${theme.space(3)};
            background: ${theme.colors.white};
            border: 1px solid ${theme.colors.border};
            border-radius: ${theme.radius};
          `}
        >
          {preview.text}
        </pre>
      </details>
    </section>
  );
}
