import { css, type Theme } from '@emotion/react';
import { type ChangeEvent, useState } from 'react';
import { isApiError, resolveServiceUrl } from '@erd/shared-contracts';
import type { ClubAdminDto } from '@erd/shared-contracts/backoffice';
import { LOGO_MAX_BYTES, uploadClubLogo } from '../api/upload-logo';
import { visuallyHidden } from '../../../components/table-styles';
import { cluster } from '../../../components/layout-styles';

export const logoTexts = {
  type: 'Erlaubt sind JPEG, PNG oder WEBP.',
  tooBig: 'Das Bild ist zu groß (höchstens 10 MB).',
  failed: 'Das Hochladen hat nicht geklappt. Bitte versuche es noch einmal.',
  uploading: 'Wird hochgeladen …',
} as const;

/**
 * A club's logo in the list; admins choose a new one right there (a real file input behind its
 * label, so it works with the keyboard and a screen reader). The server judges and re-encodes it;
 * a refused picture gets a German message in the cell and changes nothing.
 */
export function LogoCell({
  club,
  canEdit,
  onChanged,
  onExpired,
}: {
  club: ClubAdminDto;
  canEdit: boolean;
  onChanged: (club: ClubAdminDto) => void;
  onExpired: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `logo-${club.id}`;
  const errorId = `${inputId}-error`;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setError(null);
    if (!file) return;
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) return setError(logoTexts.type);
    if (file.size > LOGO_MAX_BYTES) return setError(logoTexts.tooBig);
    setBusy(true);
    try {
      onChanged(await uploadClubLogo(club.id, file));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) onExpired();
      else if (isApiError(failure) && [400, 403, 404, 413, 415].includes(failure.status)) setError(failure.message);
      else setError(logoTexts.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div css={cluster(2)}>
      {club.logourl ? (
        <img
          src={resolveServiceUrl(club.logourl)}
          alt={`Logo von ${club.clubname}`}
          width={40}
          height={40}
          css={css`
            object-fit: contain;
          `}
        />
      ) : (
        <span aria-label="kein Logo">–</span>
      )}
      {canEdit && (
        <>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => void onFile(e)}
            css={visuallyHidden}
          />
          <label
            htmlFor={inputId}
            css={(theme: Theme) => css`
              display: inline-flex;
              align-items: center;
              min-height: 40px;
              padding: 0 ${theme.space(3)};
              border: 2px solid ${theme.colors.primaryDark};
              border-radius: ${theme.radius};
              font-weight: 700;
              white-space: nowrap;
              cursor: pointer;
              input:focus-visible + & {
                outline: 3px solid ${theme.colors.focus};
                outline-offset: 2px;
              }
            `}
          >
            {busy ? logoTexts.uploading : 'Logo hochladen'}
            <span css={visuallyHidden}>
              {' '}
              für <bdi>{club.clubname}</bdi>
            </span>
          </label>
        </>
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          css={(theme: Theme) => css`
            flex-basis: 100%;
            margin: 0;
            color: ${theme.colors.error};
            font-weight: 700;
          `}
        >
          {error}
        </p>
      )}
    </div>
  );
}
