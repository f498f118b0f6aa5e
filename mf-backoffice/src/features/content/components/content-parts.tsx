import { css, type Theme } from '@emotion/react';
import { type ReactNode } from 'react';
import { CONTENT_LIMITS, type TeaserAdminDto, type TeaserKey } from '@erd/shared-contracts/backoffice';
import { TextAreaField, TextField } from '@erd/shared-contracts/forms';
import { Panel } from '../../../components/screen';
import { MarkdownEditor } from './markdown-editor';
import { ImageList } from '../../../components/image-list';
import { fieldsetFrame } from '../../../components/form-styles';
import { type Errors, TEASER_FIELDS, teaserLabels } from './content-form';

export const formGrid = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(5)};
`;

const fieldsetStyle = (theme: Theme) => css`
  ${fieldsetFrame(theme)};
  display: grid;
  gap: ${theme.space(4)};
  min-width: 0;
`;

export function Part({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Panel>
        <h2
          id={`${id}-title`}
          css={css`
            margin: 0 0 4px;
            font-size: 1.4rem;
          `}
        >
          {title}
        </h2>
        <p
          css={css`
            margin: 0 0 16px;
          `}
        >
          {intro}
        </p>
        {children}
      </Panel>
    </section>
  );
}

/** One teaser's fields: headline, (subheadline), text as Markdown, (description) and its pictures. */
export function TeaserFieldset({
  teaserKey: key,
  teaser: t,
  errors,
  readOnly,
  onChange,
  onBusy,
  onSignedOut,
}: {
  teaserKey: TeaserKey;
  teaser: TeaserAdminDto;
  errors: Errors;
  readOnly: boolean;
  onChange: (change: Partial<TeaserAdminDto>) => void;
  onBusy: (busy: boolean) => void;
  onSignedOut: () => void;
}) {
  const e = (field: string) => errors[`${key}.${field}`];
  /** The headline (required) or the subheadline (optional), one line each. */
  const line = (field: 'headline' | 'subheadline', label: string) => (
    <TextField
      label={label}
      name={`${key}-${field}`}
      required={field === 'headline'}
      optional={field === 'subheadline'}
      value={t[field]}
      readOnly={readOnly}
      maxLength={CONTENT_LIMITS[field]}
      error={e(field)}
      onChange={(ev) => onChange({ [field]: ev.target.value })}
    />
  );
  return (
    <fieldset key={key} css={fieldsetStyle}>
      <legend
        css={css`
          font-weight: 800;
          font-size: 1.15rem;
        `}
      >
        {teaserLabels[key]}
      </legend>
      {line('headline', 'Überschrift')}
      {TEASER_FIELDS[key].subheadline && line('subheadline', 'Unterzeile')}
      <MarkdownEditor
        id={`${key}-text`}
        label="Text"
        value={t.text}
        rows={6}
        headingOffset={2}
        maxLength={CONTENT_LIMITS.teaserText}
        readOnly={readOnly}
        error={e('text')}
        onChange={(text) => onChange({ text })}
        onSignedOut={onSignedOut}
      />
      {TEASER_FIELDS[key].description && (
        <TextAreaField
          label="Beschreibung"
          name={`${key}-description`}
          value={t.description}
          readOnly={readOnly}
          maxLength={CONTENT_LIMITS.description}
          error={e('description') ?? null}
          onChange={(ev) => onChange({ description: ev.target.value })}
        />
      )}
      <ImageList
        id={`${key}-images`}
        name={teaserLabels[key]}
        images={t.images}
        max={CONTENT_LIMITS.images[key]}
        readOnly={readOnly}
        error={e('images')}
        onChange={(images) => onChange({ images })}
        onBusy={onBusy}
        onSignedOut={onSignedOut}
      />
    </fieldset>
  );
}
