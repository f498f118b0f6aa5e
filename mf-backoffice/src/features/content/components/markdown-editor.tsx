import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { Button, FieldError, RichText, Spinner } from '@erd/shared-contracts/ui';
import type { RichTextDto } from '@erd/shared-contracts/wire';
import { TextAreaField } from '@erd/shared-contracts/forms';
import { previewMarkdown } from '../api/content-api';
import { labelAsWritten } from '../../../components/form-styles';
import { cluster, stack } from '../../../components/layout-styles';

export const MARKDOWN_HINT =
  'Markdown: # Überschrift, **fett**, *kursiv*, [Link](https://…), Listen mit - oder 1. HTML, Bilder und Code werden nicht übernommen.';

interface MarkdownEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | null;
  readOnly: boolean;
  rows?: number;
  /** What the page shows now (read-only view). */
  current?: RichTextDto;
  /** As the public page renders it: the legal pages 0 (`# ` is the page's h1), the home teasers 2. */
  headingOffset?: number;
  onSignedOut: () => void;
}

/**
 * A Markdown field with a preview: the server converts the text exactly as a save would (nothing
 * is saved), and the preview renders it with the public pages' `RichText`.
 */
export function MarkdownEditor({
  id,
  label,
  value,
  onChange,
  maxLength,
  error,
  readOnly,
  rows = 10,
  current,
  headingOffset = 0,
  onSignedOut,
}: MarkdownEditorProps) {
  const [preview, setPreview] = useState<{ source: string; doc: RichTextDto } | null>(null);
  const [loading, setLoading] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);

  const showPreview = async () => {
    setLoading(true);
    setPreviewError(null);
    try {
      setPreview({ source: value, doc: await previewMarkdown(value) });
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) return onSignedOut();
      const message = isApiError(failure) ? (failure.data as { message?: string } | undefined)?.message : undefined;
      setPreviewError(message ?? 'Die Vorschau konnte nicht erstellt werden. Bitte versuche es noch einmal.');
    } finally {
      setLoading(false);
    }
  };

  const shown = readOnly ? (current ?? null) : (preview?.doc ?? null);
  const stale = !readOnly && preview !== null && preview.source !== value;
  return (
    <div css={stack(3)}>
      <TextAreaField
        id={id}
        label={label}
        value={value}
        readOnly={readOnly}
        maxLength={maxLength}
        rows={rows}
        hint={readOnly ? undefined : `${MARKDOWN_HINT} Höchstens ${maxLength.toLocaleString('de-DE')} Zeichen.`}
        error={error ?? null}
        onChange={(e) => onChange(e.target.value)}
        css={css`
          font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
          font-size: 0.95rem;
        `}
      />
      {!readOnly && (
        <div css={cluster(3)}>
          <Button
            variant="outline"
            onClick={() => void showPreview()}
            disabled={loading}
            aria-controls={`${id}-preview`}
            css={labelAsWritten}
          >
            Vorschau anzeigen
          </Button>
          {loading && <Spinner label="Vorschau wird erstellt …" />}
          {stale && <span>Der Text hat sich seit der Vorschau geändert.</span>}
        </div>
      )}
      {previewError && <FieldError role="alert">{previewError}</FieldError>}
      <section
        id={`${id}-preview`}
        aria-label={readOnly ? `${label}: so sieht es die Seite` : `Vorschau: ${label}`}
        aria-live="polite"
        hidden={!shown}
        // Long texts scroll inside the preview (keyboard too), so the save button stays near.
        tabIndex={0}
        data-testid={`${id}-preview`}
        css={(theme: Theme) => css`
          border: 1px dashed ${theme.colors.border};
          border-radius: ${theme.radius};
          padding: ${theme.space(4)};
          background: ${theme.colors.white};
          overflow-wrap: anywhere;
          max-height: 32rem;
          overflow: auto;
          &:focus-visible {
            outline: 3px solid ${theme.colors.focus};
            outline-offset: 1px;
          }
          h1,
          h2,
          h3 {
            margin: 0 0 0.5em;
          }
          p,
          ul,
          ol {
            margin: 0 0 0.75em;
          }
        `}
      >
        {shown &&
          (shown.children.length ? (
            <RichText document={shown} headingOffset={headingOffset} />
          ) : (
            <p>(Kein Inhalt: der Text enthält nichts, was die Seite zeigen kann.)</p>
          ))}
      </section>
    </div>
  );
}
