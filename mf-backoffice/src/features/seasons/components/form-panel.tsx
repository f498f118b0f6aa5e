import { css, type Theme } from '@emotion/react';
import type { FormEvent, ReactNode } from 'react';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel } from '../../../components/screen';

/**
 * A 'Neue …' form of the season screens in its panel: the h2 that names the section (`id`), the
 * fields (`children`), the failure above the submit button, which is disabled while it sends;
 * `after` goes below the form (its confirmation dialog).
 */
export function FormPanel({
  id,
  title,
  submitLabel,
  sending,
  failure,
  onSubmit,
  after,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  sending: boolean;
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel as="section" aria-labelledby={id}>
      <h2
        id={id}
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(4)};
          font-family: ${theme.fonts.headline};
          font-size: 1.5rem;
          color: ${theme.colors.primaryDark};
        `}
      >
        {title}
      </h2>
      <form
        noValidate
        onSubmit={onSubmit}
        css={(theme: Theme) => css`
          display: grid;
          gap: ${theme.space(5)};
        `}
      >
        {children}
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <div>
          <Button type="submit" variant="secondary" disabled={sending} aria-busy={sending || undefined}>
            {submitLabel}
          </Button>
        </div>
      </form>
      {after}
    </Panel>
  );
}

/** A framed group of a form's fields (its `<legend>` in bold: `legendStyle`). */
export const fieldsetBox = (theme: Theme) => css`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: ${theme.space(4)};
  margin: 0;
  display: grid;
  gap: ${theme.space(3)};
`;

export const legendStyle = css`
  font-weight: 700;
`;
