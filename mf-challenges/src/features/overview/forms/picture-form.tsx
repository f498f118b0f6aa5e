import { css, type Theme } from '@emotion/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError, type EntryErrorCode } from '@erd/shared-contracts';
import { Button, Icon } from '@erd/shared-contracts/ui';
import { isAcceptablePicture, uploadPicture } from '../api/upload-picture';
import { ErrorMessage, Form, FormRow, Hint, type EntryFormProps } from './form-parts';
import { messages } from './messages';

/**
 * An object URL of the chosen file for its preview, revoked when another file is chosen or the form
 * goes; null without a file (or where the browser cannot make one).
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The picture of a picture-vote challenge (loaded on demand): choose a file, see it (issue 24: a
 * preview before the upload, with its file name), upload it with a visible progress bar through the
 * presigned post, then it is the club's entry. Every failure gives the one message of spec §8.
 */
export function PictureForm({ challengeId, onSaved, onAlreadySubmitted }: EntryFormProps) {
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const preview = useObjectUrl(file && isAcceptablePicture(file) ? file : null);
  // A file the browser cannot show (e.g. HEIC named .jpg): no broken image, the name stays.
  const [unshowable, setUnshowable] = useState<string | null>(null);
  const uploading = progress !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || uploading) return;
    if (!isAcceptablePicture(file)) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setProgress(0);
    uploadPicture(challengeId, file, setProgress).then(onSaved, (error: unknown) => {
      setProgress(null);
      if (isApiError(error) && error.code === ('AlreadySubmitted' satisfies EntryErrorCode)) onAlreadySubmitted();
      else setFailed(true);
    });
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Form noValidate onSubmit={submit} aria-label="Dein Bild">
      <div
        css={css`
          position: relative;
        `}
      >
        <input
          id={inputId}
          type="file"
          name="picture"
          accept="image/*"
          disabled={uploading}
          aria-describedby={hintId}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFailed(false);
          }}
          css={css`
            position: absolute;
            inset: 0;
            width: 100%;
            height: 100%;
            opacity: 0;
            cursor: pointer;
            &:disabled {
              cursor: not-allowed;
            }
          `}
        />
        <label
          htmlFor={inputId}
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(3)};
            min-height: 56px;
            padding: ${theme.space(3)} ${theme.space(4)};
            border: 2px dashed ${theme.colors.primaryDark};
            border-radius: ${theme.radius};
            background: ${theme.colors.white};
            font-weight: 700;
            color: ${theme.colors.primaryDark};
            input:focus-visible + & {
              outline: 3px solid ${theme.colors.focus};
              outline-offset: 2px;
            }
            input:hover:not(:disabled) + & {
              background: ${theme.colors.background};
            }
          `}
        >
          <Icon name="arrow-up-outline" size="sm" color="primary-dark" />
          Bild auswählen
        </label>
      </div>
      <p
        aria-live="polite"
        css={css`
          margin: 0;
          overflow-wrap: anywhere;
        `}
      >
        {file && (
          <>
            Ausgewählt: <strong>{file.name}</strong>
          </>
        )}
      </p>
      {preview && unshowable !== preview && (
        <img
          src={preview}
          alt="Vorschau deines Bildes"
          onError={() => setUnshowable(preview)}
          css={(theme: Theme) => css`
            display: block;
            width: 100%;
            max-width: 360px;
            max-height: 280px;
            object-fit: contain;
            border-radius: ${theme.radius};
            background: ${theme.colors.background};
            border: 1px solid ${theme.colors.border};
          `}
        />
      )}
      <Hint id={hintId}>JPEG, PNG, GIF oder WEBP, höchstens 10 MB.</Hint>
      {uploading && (
        <div
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(3)};
          `}
        >
          <div
            role="progressbar"
            aria-label="Bild wird hochgeladen"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            css={(theme: Theme) => css`
              flex: 1;
              height: 12px;
              border-radius: 999px;
              background: ${theme.colors.border};
              overflow: hidden;
            `}
          >
            <div
              css={(theme: Theme) => css`
                height: 100%;
                background: ${theme.colors.secondary};
                transition: width 0.2s;
              `}
              style={{ width: `${percent}%` }}
            />
          </div>
          <span
            aria-hidden
            css={css`
              min-width: 3.5em;
              text-align: right;
              font-weight: 700;
              font-variant-numeric: tabular-nums;
            `}
          >
            {percent} %
          </span>
        </div>
      )}
      <FormRow>
        <Button type="submit" variant="secondary" disabled={!file || uploading} aria-busy={uploading || undefined}>
          Bild hochladen
        </Button>
        {!file && <Hint>{messages.pictureRequired}</Hint>}
      </FormRow>
      {failed && <ErrorMessage>{messages.pictureFailure}</ErrorMessage>}
    </Form>
  );
}
