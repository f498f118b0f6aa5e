import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { formatGermanNumber, thumbnailUrl, type ParticipationDto } from '@erd/shared-contracts';
import { Icon } from '@erd/shared-contracts/ui';
import { mediaUrl } from '../../../lib/media';

export type SentEntryStatus = 'pending' | 'published';

/** The small rendition of the club's picture (the 640 one, else the 1024 one or the file). */
export function sentPictureUrl(entry: ParticipationDto): string {
  const image = entry.fields.image;
  const small = image?.metadata?.thumbnails?.find((t) => t.url.includes('w640'))?.url;
  return mediaUrl(small ?? thumbnailUrl(image));
}

/**
 * Issue 24: what the club sent, on its challenge card: the slogan in quotes or the picture's
 * thumbnail, with the entry's state below ('Dein Spruch wird in Kürze freigeschaltet.' while an
 * operator has not published it; then 'Freigeschaltet', with the votes once voting runs).
 */
export function SentEntry({
  entry,
  status,
  votes,
  children,
}: {
  entry: ParticipationDto;
  status: SentEntryStatus;
  /** The votes that count, shown once voting has begun. */
  votes?: number;
  /** The state's line (the spec's pending text, or 'Freigeschaltet'). */
  children: ReactNode;
}) {
  const picture = entry.sys.objectTypeId === 'bfv-erd-picture-participation';
  const src = picture ? sentPictureUrl(entry) : '';
  return (
    <figure
      aria-label={picture ? 'Dein eingereichtes Bild' : 'Dein eingereichter Spruch'}
      css={(theme: Theme) => css`
        display: flex;
        align-items: flex-start;
        gap: ${theme.space(4)};
        margin: 0 0 ${theme.space(4)};
        padding: ${theme.space(4)};
        border-left: 4px solid ${status === 'published' ? theme.colors.secondary : theme.colors.primary};
        border-radius: 0 ${theme.radius} ${theme.radius} 0;
        background: ${theme.colors.background};
      `}
    >
      {picture && src && (
        <img
          src={src}
          alt="Dein eingereichtes Bild"
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          css={(theme: Theme) => css`
            flex: 0 0 auto;
            width: 96px;
            height: 96px;
            object-fit: cover;
            border-radius: ${theme.radius};
            background: ${theme.colors.border};
            ${theme.mq.sm} {
              width: 128px;
              height: 128px;
            }
          `}
        />
      )}
      <figcaption
        css={(theme: Theme) => css`
          display: flex;
          flex-direction: column;
          gap: ${theme.space(2)};
          min-width: 0;
        `}
      >
        <span
          css={(theme: Theme) => css`
            font-size: 0.8125rem;
            font-weight: 700;
            letter-spacing: 0.04em;
            text-transform: uppercase;
            color: ${theme.colors.textMuted};
          `}
        >
          {picture ? 'Dein Bild' : 'Dein Spruch'}
        </span>
        {!picture && entry.fields.slogan && (
          <q
            css={(theme: Theme) => css`
              font-family: ${theme.fonts.display};
              font-weight: 800;
              font-size: 1.25rem;
              line-height: 1.25;
              color: ${theme.colors.primaryDark};
              overflow-wrap: anywhere;
              white-space: pre-line;
              quotes: '„' '“';
            `}
          >
            {entry.fields.slogan}
          </q>
        )}
        <span
          css={(theme: Theme) => css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: ${theme.space(1.5)} ${theme.space(3)};
            font-weight: 700;
            color: ${status === 'published' ? theme.colors.success : theme.colors.primaryDark};
          `}
        >
          <span
            role="status"
            css={(theme: Theme) => css`
              display: inline-flex;
              align-items: center;
              gap: ${theme.space(1.5)};
            `}
          >
            {status === 'published' && <Icon name="check-outline" size="sm" color="secondary" />}
            {children}
          </span>
          {votes !== undefined && (
            <span
              css={(theme: Theme) => css`
                font-family: ${theme.fonts.display};
                color: ${theme.colors.primaryDark};
                font-variant-numeric: tabular-nums;
              `}
            >
              {votes === 1 ? '1 Stimme' : `${formatGermanNumber(votes)} Stimmen`}
            </span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
