import { css } from '@emotion/react';
import type { FormEvent } from 'react';
import { type ContentAdminDto, CONTENT_LIMITS, LEGAL_PAGE_KEYS, type LegalPageKey } from '@erd/shared-contracts/backoffice';
import { legalLabels, legalPaths, type Message } from './content-form';
import { formGrid, Part } from './content-parts';
import { MarkdownEditor } from './markdown-editor';
import { FormFooter } from '../../../components/form-footer';

/** 'Rechtstexte': which page, where it is public, its Markdown with the preview, and saving it. */
export function LegalPagesForm({
  page,
  onPage,
  legal,
  data,
  readOnly,
  error,
  message,
  saving,
  onSubmit,
  onChange,
  onSignedOut,
}: {
  page: LegalPageKey;
  onPage: (page: LegalPageKey) => void;
  legal: Record<LegalPageKey, string>;
  data: ContentAdminDto;
  readOnly: boolean;
  error: string | undefined;
  message: Message;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onChange: (markdown: string) => void;
  onSignedOut: () => void;
}) {
  return (
    <Part id="legal" title="Rechtstexte" intro="Als Markdown; die Vorschau zeigt den Text so, wie ihn die Seite zeigen wird.">
      <form noValidate onSubmit={onSubmit} css={formGrid}>
        <fieldset
          css={css`
            border: 0;
            padding: 0;
            margin: 0;
            display: flex;
            flex-wrap: wrap;
            gap: 8px 20px;
          `}
        >
          <legend
            css={css`
              font-weight: 700;
              margin-bottom: 6px;
            `}
          >
            Seite
          </legend>
          {LEGAL_PAGE_KEYS.map((key) => (
            <label
              key={key}
              css={css`
                display: flex;
                gap: 8px;
                align-items: center;
                min-height: 40px;
              `}
            >
              <input type="radio" name="legal-page" value={key} checked={page === key} onChange={() => onPage(key)} />
              {legalLabels[key]}
              {legal[key] !== data.legal[key].markdown && ' (geändert)'}
            </label>
          ))}
        </fieldset>
        <p
          css={css`
            margin: 0;
          `}
        >
          Öffentlich unter{' '}
          <a href={legalPaths[page]} target="_blank" rel="noopener noreferrer">
            {legalPaths[page]}
          </a>
        </p>
        <MarkdownEditor
          key={page}
          id={`legal-${page}`}
          label={legalLabels[page]}
          value={legal[page]}
          rows={18}
          maxLength={CONTENT_LIMITS.legal}
          readOnly={readOnly}
          current={data.legal[page].richText}
          error={error}
          onChange={onChange}
          onSignedOut={onSignedOut}
        />
        <FormFooter message={message} readOnly={readOnly} busy={saving} label={`${legalLabels[page]} speichern`} />
      </form>
    </Part>
  );
}
