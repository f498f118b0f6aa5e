import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { type ComponentProps, forwardRef, type ReactNode, useId } from 'react';
import { FieldError, Icon, TextInput } from '@erd/shared-contracts/ui';

/**
 * Form pieces the account screens compose (mf-auth, mf-profile): a labelled text field with its
 * error, a tick box, a message box for the answer of a submit, and the narrow card they sit in.
 * They are plain controlled inputs; each remote binds them to its form library.
 *
 * `@erd/shared-contracts/forms` is its own entry and not a shared singleton: only the remotes
 * with forms bundle it, so it stays off the host's first page (the `/` JavaScript budget). It
 * builds on the shared `ui` entry (theme, primitives).
 */

export const FormCard = styled.div(({ theme }) => ({
  width: '100%',
  maxWidth: 620,
  margin: '0 auto',
  padding: `${theme.space(6)} ${theme.space(4)}`,
  background: theme.colors.surface,
  color: theme.colors.textDark,
  borderRadius: theme.radius,
  boxShadow: '0 2px 10px rgba(11, 42, 74, 0.12)',
  [theme.mq.sm]: { padding: `${theme.space(8)} ${theme.space(10)}` },
}));

/** Vertical rhythm of a form: fields, groups and actions spaced evenly. */
export const FormStack = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space(5),
  '& > p': { margin: 0 },
}));

/** Two fields side by side from the small breakpoint on (first and last name). */
export const FormRow = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: theme.space(5),
  [theme.mq.sm]: { gridTemplateColumns: '1fr 1fr' },
}));

export const FormGroupTitle = styled.h2(({ theme }) => ({
  fontFamily: theme.fonts.headline,
  fontWeight: 900,
  fontSize: '1.25rem',
  textTransform: 'uppercase',
  margin: `${theme.space(2)} 0 0`,
}));

export const FieldLabel = styled.label(({ theme }) => ({
  display: 'block',
  fontWeight: 700,
  marginBottom: theme.space(1),
}));

export const FieldHint = styled.p(({ theme }) => ({
  color: theme.colors.textMuted,
  fontSize: '0.875rem',
  margin: `${theme.space(1)} 0 0`,
}));

/** ' (optional)' after a label. */
function OptionalMark() {
  return (
    <span
      css={(theme: Theme) => css`
        font-weight: 400;
        color: ${theme.colors.textMuted};
      `}
    >
      {' '}
      (optional)
    </span>
  );
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  label: string;
  /** Shown (and announced) only when given: pass it once the field was touched. */
  error?: string | false | null;
  hint?: ReactNode;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
}

export function TextField({ label, error, hint, optional = false, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <FieldLabel htmlFor={inputId}>
        {label}
        {optional && <OptionalMark />}
      </FieldLabel>
      <TextInput id={inputId} invalid={!!error} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: string;
  /** Shown (and announced) only when given. */
  error?: string | false | null;
  hint?: ReactNode;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
}

/** A labelled multi-line field with its hint and error, like `TextField` (a `css` prop restyles the box, e.g. its height). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, optional = false, id, ...textarea },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <FieldLabel htmlFor={fieldId}>
        {label}
        {optional && <OptionalMark />}
      </FieldLabel>
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

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  label: ReactNode;
  error?: string | false | null;
}

export function CheckboxField({ label, error, id, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <div
        css={(theme: Theme) => css`
          display: flex;
          align-items: flex-start;
          gap: ${theme.space(3)};
        `}
      >
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          css={(theme: Theme) => css`
            flex-shrink: 0;
            width: 24px;
            height: 24px;
            margin: 0;
            accent-color: ${theme.colors.primaryDark};
            cursor: pointer;
          `}
          {...input}
        />
        <label
          htmlFor={inputId}
          css={css`
            cursor: pointer;
            line-height: 1.5;
          `}
        >
          {label}
        </label>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export type FormMessageTone = 'error' | 'success' | 'info';

/**
 * The answer of a submit or a hint about the whole form. Errors are announced at once
 * (role alert), success and info politely (role status).
 */
export function FormMessage({ tone, children }: { tone: FormMessageTone; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      css={(theme: Theme) => css`
        display: flex;
        gap: ${theme.space(3)};
        align-items: flex-start;
        padding: ${theme.space(3)} ${theme.space(4)};
        border-radius: ${theme.radius};
        border-left: 4px solid ${tone === 'error' ? theme.colors.error : tone === 'success' ? theme.colors.success : theme.colors.primaryDark};
        background: ${tone === 'error' ? '#fbeceb' : tone === 'success' ? '#e8f4ec' : '#eef2f7'};
        color: ${theme.colors.textDark};
        overflow-wrap: anywhere;
        a,
        button {
          font-weight: 700;
        }
      `}
    >
      <Icon
        name={tone === 'success' ? 'check-outline' : 'exclamation-mark'}
        size="sm"
        color={tone === 'error' ? 'error' : tone === 'success' ? 'secondary' : 'primary-dark'}
      />
      <div
        css={css`
          flex: 1;
          min-width: 0;
        `}
      >
        {children}
      </div>
    </div>
  );
}

/** A button that looks like a link (actions inside text, e.g. 'Code erneut senden'). */
export const LinkButton = styled.button(({ theme }) => ({
  display: 'inline',
  padding: 0,
  border: 0,
  background: 'none',
  color: theme.colors.primaryDark,
  font: 'inherit',
  fontWeight: 700,
  textDecoration: 'underline',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
}));

/** The links under a form (login, registration, confirmation …). */
export const FormLinks = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: `${theme.space(6)} 0 0`,
  padding: `${theme.space(5)} 0 0`,
  borderTop: `1px solid ${theme.colors.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space(3),
  a: { fontWeight: 700, color: theme.colors.primaryDark },
}));
