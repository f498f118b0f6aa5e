import { css, type Theme } from '@emotion/react';
import { type ComponentProps, forwardRef, useId } from 'react';
import { FieldLabel, FieldHint } from '@erd/shared-contracts/forms';
import { FieldError } from '@erd/shared-contracts/ui';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: string;
  error?: string | null;
  hint?: string;
}

/** A labelled multi-line field with its hint and error, like the contracts' `TextField`. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, ...textarea },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <FieldLabel htmlFor={fieldId}>{label}</FieldLabel>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        css={(theme: Theme) => css`
          display: block;
          width: 100%;
          min-height: 120px;
          padding: ${theme.space(2.5)} ${theme.space(3)};
          border: 2px solid ${error ? theme.colors.error : theme.colors.border};
          border-radius: ${theme.radius};
          font: inherit;
          color: ${theme.colors.textDark};
          background: ${theme.colors.white};
          resize: vertical;
          &:focus-visible {
            outline: 3px solid ${theme.colors.focus};
            outline-offset: 1px;
          }
        `}
        {...textarea}
      />
      {hint && <FieldHint id={`${fieldId}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${fieldId}-error`}>{error}</FieldError>}
    </div>
  );
});
