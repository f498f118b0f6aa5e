import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import type { ParticipationDto } from '@erd/shared-contracts';
import { Icon } from '@erd/shared-contracts/ui';

/** Pieces the participation forms share. */

/** What `MemberActions` gives the slogan and the picture form. */
export interface EntryFormProps {
  challengeId: string;
  onSaved: (participation: ParticipationDto) => void;
  /** The club has an entry meanwhile (409 AlreadySubmitted, e.g. sent in another tab): reload it. */
  onAlreadySubmitted: () => void;
}

export const Form = styled.form(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space(3),
  margin: `0 0 ${theme.space(4)}`,
}));

export const FieldLabel = styled.label(({ theme }) => ({
  fontWeight: 700,
  color: theme.colors.primaryDark,
}));

export const TextArea = styled.textarea<{ invalid?: boolean }>(({ theme, invalid }) => ({
  width: '100%',
  minHeight: 112,
  padding: `${theme.space(2.5)} ${theme.space(3)}`,
  border: `2px solid ${invalid ? theme.colors.error : theme.colors.border}`,
  borderRadius: theme.radius,
  font: 'inherit',
  lineHeight: 1.4,
  color: theme.colors.textDark,
  background: theme.colors.white,
  resize: 'vertical',
  '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
}));

export const Hint = styled.p(({ theme }) => ({
  margin: 0,
  fontSize: '0.875rem',
  color: theme.colors.textMuted,
}));

export const FormRow = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.space(3),
}));

const Message = styled.p<{ tone: 'success' | 'error' }>(({ theme, tone }) => ({
  display: 'flex',
  alignItems: 'flex-start',
  gap: theme.space(2),
  margin: 0,
  fontWeight: 700,
  color: tone === 'success' ? theme.colors.success : theme.colors.error,
}));

/** A polite status line ('Deine Schätzung wurde gespeichert.'); empty keeps the live region in place. */
export function SuccessMessage({ children }: { children?: ReactNode }) {
  return (
    <Message role="status" tone="success">
      {children && (
        <>
          <Icon name="check-outline" size="sm" color="secondary" />
          {children}
        </>
      )}
    </Message>
  );
}

export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <Message role="alert" tone="error">
      <Icon name="exclamation-mark" size="sm" color="error" />
      {children}
    </Message>
  );
}

/** 'Dein Spruch wird in Kürze freigeschaltet.': the entry is in, an operator publishes it. */
export const PendingNotice = styled.p(({ theme }) => ({
  margin: `0 0 ${theme.space(4)}`,
  padding: `${theme.space(3)} ${theme.space(4)}`,
  borderLeft: `4px solid ${theme.colors.primary}`,
  background: theme.colors.background,
  fontWeight: 700,
  color: theme.colors.primaryDark,
}));

/** 'Dein Spruch wurde leider nicht freigegeben: …': an operator rejected the club's last entry (issue 24). */
export const RejectedNotice = styled(PendingNotice)(({ theme }) => ({
  borderLeftColor: theme.colors.error,
  color: theme.colors.textDark,
}));
