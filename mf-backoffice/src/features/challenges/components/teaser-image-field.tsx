import { css } from '@emotion/react';
import { Button, FieldError, Spinner } from '@erd/shared-contracts/ui';
import type { ImageDto } from '@erd/shared-contracts/wire';
import { previewUrl } from '../../../lib/media';

/** 'Teaser-Bild': the picture's preview; admins choose a new one (uploaded at once) or remove it. */
export function TeaserImageField({
  image,
  readOnly,
  uploading,
  error,
  onImage,
  onRemove,
}: {
  image: ImageDto | null;
  readOnly: boolean;
  uploading: boolean;
  error: string | undefined;
  onImage: (file: File | undefined) => Promise<void>;
  onRemove: () => void;
}) {
  return (
    <div>
      <p
        css={css`
          font-weight: 700;
          margin: 0 0 8px;
        `}
      >
        Teaser-Bild
      </p>
      {image ? (
        <img
          src={previewUrl(image)}
          alt="Vorschau des Teaser-Bilds"
          css={css`
            max-width: min(100%, 320px);
            height: auto;
            display: block;
          `}
        />
      ) : (
        <p
          css={css`
            margin: 0;
          `}
        >
          Kein Bild.
        </p>
      )}
      {!readOnly && (
        <div
          css={css`
            margin-top: 8px;
            display: flex;
            flex-wrap: wrap;
            gap: 12px;
            align-items: center;
          `}
        >
          <label
            htmlFor="teaser-image-file"
            css={css`
              font-weight: 600;
            `}
          >
            Neues Bild wählen (JPEG, PNG oder WEBP, höchstens 10 MB)
          </label>
          <input
            id="teaser-image-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'teaser-image-error' : undefined}
            onChange={(e) => void onImage(e.target.files?.[0])}
          />
          {uploading && <Spinner label="Bild wird hochgeladen …" />}
          {image && (
            <Button
              variant="outline"
              onClick={onRemove}
              css={css`
                text-transform: none;
              `}
            >
              Bild entfernen
            </Button>
          )}
        </div>
      )}
      {error && (
        <FieldError id="teaser-image-error" role="alert">
          {error}
        </FieldError>
      )}
    </div>
  );
}
