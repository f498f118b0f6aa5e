import type { FormEvent } from 'react';
import { CONTENT_LIMITS, DEFAULT_BANNER_TEXT } from '@erd/shared-contracts/backoffice';
import { TextField } from '@erd/shared-contracts/forms';
import { FormFooter } from '../../../components/form-footer';
import { fieldRow } from '../../../components/form-styles';
import type { Errors, Message } from './content-form';
import { formGrid, Part } from './content-parts';

type Banner = { text1: string; text2: string };

/** 'Banner-Texte': the home page's two running lines (empty: the default text); moderators read only. */
export function BannerForm({
  banner,
  readOnly,
  errors,
  message,
  busy,
  onChange,
  onSubmit,
}: {
  banner: Banner;
  readOnly: boolean;
  errors: Errors;
  message: Message;
  busy: boolean;
  onChange: (banner: Banner) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Part id="banner" title="Banner-Texte" intro={`Die zwei Laufbänder der Startseite. Leer: „${DEFAULT_BANNER_TEXT}“.`}>
      <form noValidate onSubmit={onSubmit} css={formGrid}>
        <div css={fieldRow('280px')}>
          {(['text1', 'text2'] as const).map((key, i) => (
            <TextField
              key={key}
              label={i === 0 ? 'Oberes Laufband' : 'Unteres Laufband'}
              name={`banner-${key}`}
              optional
              value={banner[key]}
              readOnly={readOnly}
              placeholder={DEFAULT_BANNER_TEXT}
              hint={readOnly ? undefined : `Eine Zeile, höchstens ${CONTENT_LIMITS.banner} Zeichen.`}
              error={errors[key]}
              onChange={(e) => onChange({ ...banner, [key]: e.target.value })}
            />
          ))}
        </div>
        <FormFooter message={message} readOnly={readOnly} busy={busy} label="Banner-Texte speichern" />
      </form>
    </Part>
  );
}
