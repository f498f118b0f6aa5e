import { css, type Theme } from '@emotion/react';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import { VisuallyHidden } from '@erd/shared-contracts/ui';
import { clubLabel, entryKind } from '../../../lib/format';
import { originalUrl, previewUrl } from '../../../lib/media';

/** What the entry shows: its picture large, with the way to the full size, or its slogan as plain text. */
export function EntryContent({ entry }: { entry: OperatorParticipationDto }) {
  const kind = entryKind(entry);
  const club = clubLabel(entry.club);
  const preview = previewUrl(entry.image);
  const original = originalUrl(entry.image);
  const width = entry.image?.fields.file.width;
  const height = entry.image?.fields.file.height;
  return kind === 'Bild' ? (
    <figure
      css={(theme: Theme) => css`
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: ${theme.space(2)};
      `}
    >
      {preview ? (
        <img
          src={preview}
          alt={`Bild von ${club}`}
          width={width}
          height={height}
          css={(theme: Theme) => css`
            display: block;
            width: 100%;
            height: auto;
            max-height: 70vh;
            object-fit: contain;
            background: ${theme.colors.background};
            border-radius: ${theme.radius};
          `}
        />
      ) : (
        <p>Zu diesem Bild gibt es keine Datei.</p>
      )}
      {original && (
        <figcaption>
          <a
            href={original}
            target="_blank"
            rel="noopener noreferrer"
            css={(theme: Theme) => css`
              font-weight: 700;
              color: ${theme.colors.primaryDark};
            `}
          >
            Bild in voller Größe öffnen
            <VisuallyHidden> (neuer Tab)</VisuallyHidden>
          </a>
        </figcaption>
      )}
    </figure>
  ) : (
    <blockquote
      css={(theme: Theme) => css`
        margin: 0;
        padding: ${theme.space(5)} ${theme.space(6)};
        border-left: 6px solid ${theme.colors.primary};
        border-radius: ${theme.radius};
        background: ${theme.colors.background};
        font-size: 1.375rem;
        line-height: 1.4;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      `}
    >
      {entry.slogan ?? ''}
    </blockquote>
  );
}
