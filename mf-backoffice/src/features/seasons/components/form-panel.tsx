import { css, type Theme } from '@emotion/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel, sectionTitle } from '../../../components/screen';
import { type FieldErrors, useFieldErrors } from '../../../components/use-field-errors';
import { failureOf, seasonTexts } from '../lib';
import { stack } from '../../../components/layout-styles';

/**
 * What a `FormPanel` shows while it is used: the errors at its fields (ids `${idPrefix}-${field}`),
 * the failure above the button, and whether it sends. `accept(found)` shows what the form's own
 * check found (the errors, 'fix these', the focus on the first) and says whether the form may be
 * sent; `send(call, onFailure)` runs the server call: its refusal shows at the field it names and
 * above the button (`onFailure` first), a lapsed session calls `onExpired`.
 */
export function useFormPanel<K extends string>(idPrefix: string, fields: readonly K[], onExpired: () => void) {
  const { errors, setErrors, show } = useFieldErrors(idPrefix, fields);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const accept = (found: FieldErrors<K>): boolean => {
    setFailure(null);
    if (!show(found)) return true;
    setFailure(seasonTexts.fix);
    return false;
  };

  const send = async (call: () => Promise<void>, onFailure?: () => void) => {
    setSending(true);
    try {
      await call();
    } catch (error) {
      const f = failureOf(error);
      onFailure?.();
      if (f.kind === 'expired') return onExpired();
      if (f.field && (fields as readonly string[]).includes(f.field)) setErrors({ [f.field]: f.message } as FieldErrors<K>);
      setFailure(f.message);
    } finally {
      setSending(false);
    }
  };

  return { errors, setErrors, failure, setFailure, sending, accept, send };
}

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
          ${sectionTitle(theme)};
          margin: 0 0 ${theme.space(4)};
        `}
      >
        {title}
      </h2>
      <form noValidate onSubmit={onSubmit} css={stack(5)}>
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
