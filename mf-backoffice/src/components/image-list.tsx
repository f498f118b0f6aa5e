import { css } from '@emotion/react';
import { useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { Button, FieldError, Spinner } from '@erd/shared-contracts/ui';
import type { ImageDto } from '@erd/shared-contracts/wire';
import { uploadImage } from '../api/media';
import { previewUrl } from '../lib/media';
import { fieldsetFrame, labelAsWritten, legendStyle } from './form-styles';
import { cluster, spaceAbove } from './layout-styles';

export const imageTexts = {
  type: 'Erlaubt sind JPEG, PNG oder WEBP.',
  size: 'Das Bild ist zu groß (höchstens 10 MB).',
  failed: 'Das Bild konnte nicht hochgeladen werden.',
} as const;

interface ImageListProps {
  id: string;
  /** The group's name before the count (default 'Bilder': 'Bilder (1 von höchstens 4)'). */
  legend?: string;
  /** What the pictures belong to, for the labels ('Bild 1 von Preise'). */
  name: string;
  images: ImageDto[];
  max: number;
  readOnly: boolean;
  error?: string | null;
  onChange: (images: ImageDto[]) => void;
  onBusy: (busy: boolean) => void;
  onSignedOut: () => void;
}

const imageCard = css`
  display: grid;
  gap: 6px;
  align-content: start;
`;

const imageThumb = css`
  width: 100%;
  max-height: 160px;
  object-fit: contain;
  background: #f3f3f3;
`;

const imageActions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

/** Pictures in their order (a teaser's, a challenge's prizes): admins move, remove and upload (up to `max`). */
export function ImageList({ id, legend = 'Bilder', name, images, max, readOnly, error, onChange, onBusy, onSignedOut }: ImageListProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const add = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setUploadError(null);
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) return setUploadError(imageTexts.type);
    if (file.size > 10 * 1024 * 1024) return setUploadError(imageTexts.size);
    setUploading(true);
    onBusy(true);
    try {
      onChange([...images, await uploadImage(file)]);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) return onSignedOut();
      const message = isApiError(failure) ? (failure.data as { message?: string } | undefined)?.message : undefined;
      setUploadError(message ?? imageTexts.failed);
    } finally {
      setUploading(false);
      onBusy(false);
    }
  };
  const shownError = uploadError ?? error ?? null;
  return (
    <fieldset aria-describedby={shownError ? `${id}-error` : undefined} css={fieldsetFrame}>
      <legend css={legendStyle}>
        {legend} ({images.length} von höchstens {max})
      </legend>
      {images.length === 0 && (
        <p
          css={css`
            margin: 0;
          `}
        >
          Kein Bild.
        </p>
      )}
      <ol
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 12px;
          grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
        `}
      >
        {images.map((image, i) => (
          <li key={`${image.fields.file.url}-${i}`} css={imageCard}>
            <img src={previewUrl(image)} alt={`Bild ${i + 1} von „${name}“`} css={imageThumb} />
            {!readOnly && (
              <div css={imageActions}>
                {i > 0 && (
                  <Button variant="outline" onClick={() => move(i, i - 1)} aria-label={`Bild ${i + 1} nach vorn`} css={labelAsWritten}>
                    ← Nach vorn
                  </Button>
                )}
                {i < images.length - 1 && (
                  <Button variant="outline" onClick={() => move(i, i + 1)} aria-label={`Bild ${i + 1} nach hinten`} css={labelAsWritten}>
                    Nach hinten →
                  </Button>
                )}
                <Button
                  variant="outline"
                  onClick={() => onChange(images.filter((_, j) => j !== i))}
                  aria-label={`Bild ${i + 1} entfernen`}
                  css={labelAsWritten}
                >
                  Entfernen
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && images.length < max && (
        <div css={[cluster(3), spaceAbove(3)]}>
          <label
            htmlFor={`${id}-file`}
            css={css`
              font-weight: 600;
            `}
          >
            Bild hinzufügen (JPEG, PNG oder WEBP, höchstens 10 MB)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading}
            onChange={(e) => void add(e.currentTarget)}
          />
          {uploading && <Spinner label="Bild wird hochgeladen …" />}
        </div>
      )}
      {shownError && (
        <FieldError id={`${id}-error`} role="alert">
          {shownError}
        </FieldError>
      )}
    </fieldset>
  );
}
