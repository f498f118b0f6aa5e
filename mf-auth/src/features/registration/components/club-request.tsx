import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { isApiError, type Team } from '@erd/shared-contracts';
import { Button, FieldError } from '@erd/shared-contracts/ui';
import { FormMessage, formMessages, FormStack, LinkButton, TextAreaField } from '@erd/shared-contracts/forms';
import { CLUB_REQUEST_LIMITS, isSingleLine, textLength } from '@erd/shared-contracts/text-rules';
import { FinalEmailField, FinalTextField, SubmitButton } from '../../../components/fields';
import { normalizeEmail } from '../../../lib/email';
import { email as emailRule, type Validator } from '../../../lib/validators';
import { requestClub } from '../api/request-club';
import { teamLabels, teamOrder } from '../lib/club-search';

/** The toggle's text under the club search (issue 24: 'Verein nicht gefunden?'). */
export const CLUB_MISSING = 'Verein nicht gefunden?';
export const CLUB_REQUEST_SENT = 'Danke! Wir melden uns per E-Mail, sobald dein Verein angelegt ist.';
export const CLUB_REQUEST_FAILED = 'Deine Nachricht konnte gerade nicht gesendet werden. Bitte versuche es später noch einmal.';
export const CLUB_REQUEST_LIMITED = 'Von dieser Verbindung kamen zu viele Anfragen. Bitte versuche es später noch einmal.';
export const clubRequestMessages = {
  clubName: '„Vereinsname“ ist ein Pflichtfeld',
  clubNumber: 'Die Vereinsnummer besteht nur aus Ziffern.',
  unsafe: 'Bitte verwende nur normale Schriftzeichen.',
} as const;

interface ClubRequestValues {
  clubName?: string;
  clubNumber?: string;
  team?: Team;
  email?: string;
  note?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const clubName: Validator = (value) => {
  const name = text(value);
  if (textLength(name) < 2) return clubRequestMessages.clubName;
  return isSingleLine(name) ? undefined : clubRequestMessages.unsafe;
};
const clubNumber: Validator = (value) => (/^\d*$/.test(text(value)) ? undefined : clubRequestMessages.clubNumber);
const teamChosen: Validator = (value) => (value === 'm' || value === 'w' ? undefined : formMessages.teamRequired);
const note: Validator = (value) =>
  text(value)
    .split(/\r\n|\n|\r/)
    .every((line) => isSingleLine(line.replace(/\t/g, ' ')))
    ? undefined
    : clubRequestMessages.unsafe;

interface ClubRequestProps {
  /** What was typed into the club search: the form starts with it as the club's name. */
  query: string;
  /** The search found nothing: the way to tell us stands out. */
  prominent: boolean;
}

/**
 * 'Verein nicht gefunden?' under the club search (issue 24): opens a small form (club name, club
 * number, team, the e-mail for the answer, a note) that is mailed to the service address. Its own
 * `<form>`: the club step stands outside the registration's form element.
 */
export function ClubRequest({ query, prominent }: ClubRequestProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  if (sent) return <FormMessage tone="success">{CLUB_REQUEST_SENT}</FormMessage>;

  const toggle = (
    <>
      {prominent ? (
        <Button
          ref={toggleRef}
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {CLUB_MISSING}
        </Button>
      ) : (
        <LinkButton
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {CLUB_MISSING}
        </LinkButton>
      )}
    </>
  );

  return (
    <div
      css={(theme: Theme) => css`
        margin-top: ${theme.space(3)};
      `}
    >
      {prominent && !open && (
        <p
          css={(theme: Theme) => css`
            margin: 0 0 ${theme.space(2)};
          `}
        >
          Dein Verein oder deine Mannschaft fehlt in der Liste? Sag uns Bescheid, dann legen wir sie an.
        </p>
      )}
      {toggle}
      {open && <ClubRequestForm id={panelId} query={query} onCancel={close} onSent={() => setSent(true)} />}
    </div>
  );
}

function ClubRequestForm({ id, query, onCancel, onSent }: { id: string; query: string; onCancel: () => void; onSent: () => void }) {
  const titleId = `${id}-title`;
  const [failure, setFailure] = useState<string | null>(null);
  const panelRef = useRef<HTMLFormElement>(null);
  const initialValues = useRef<ClubRequestValues>({ clubName: query.trim() }).current;

  useEffect(() => {
    panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const onSubmit = async (values: ClubRequestValues) => {
    setFailure(null);
    const number = text(values.clubNumber);
    const message = text(values.note);
    try {
      await requestClub({
        clubName: text(values.clubName),
        ...(number ? { clubNumber: number } : {}),
        team: values.team!,
        email: normalizeEmail(values.email ?? ''),
        ...(message ? { note: message } : {}),
      });
    } catch (error) {
      setFailure(isApiError(error) && error.status === 429 ? CLUB_REQUEST_LIMITED : CLUB_REQUEST_FAILED);
      return;
    }
    onSent();
  };

  return (
    <Form<ClubRequestValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{}}>
      {({ handleSubmit }) => (
        <form
          ref={panelRef}
          id={id}
          noValidate
          aria-labelledby={titleId}
          onSubmit={handleSubmit}
          css={(theme: Theme) => css`
            margin-top: ${theme.space(3)};
            padding: ${theme.space(4)};
            border: 2px solid ${theme.colors.border};
            border-radius: ${theme.radius};
            background: ${theme.colors.background};
          `}
        >
          <FormStack>
            <div>
              <h3
                id={titleId}
                css={(theme: Theme) => css`
                  margin: 0;
                  font-family: ${theme.fonts.headline};
                  font-size: 1.125rem;
                  text-transform: uppercase;
                `}
              >
                Verein melden
              </h3>
              <p
                css={(theme: Theme) => css`
                  margin: ${theme.space(1)} 0 0;
                  color: ${theme.colors.textMuted};
                `}
              >
                Wir legen deinen Verein an und schreiben dir, sobald du deine Mannschaft registrieren kannst.
              </p>
            </div>
            <FinalTextField
              name="clubName"
              label="Vereinsname"
              autoComplete="organization"
              maxLength={CLUB_REQUEST_LIMITS.clubName}
              validate={clubName}
            />
            <FinalTextField
              name="clubNumber"
              label="Vereinsnummer"
              optional
              inputMode="numeric"
              autoComplete="off"
              maxLength={CLUB_REQUEST_LIMITS.clubNumber}
              validate={clubNumber}
              hint="Steht zum Beispiel im Vereinsprofil beim Verband."
            />
            <TeamChoice />
            <FinalEmailField
              label="Deine E-Mail-Adresse"
              maxLength={CLUB_REQUEST_LIMITS.email}
              validate={emailRule}
              hint="Nur für unsere Antwort."
            />
            <NoteField />
            {failure && <FormMessage tone="error">{failure}</FormMessage>}
            <div
              css={(theme: Theme) => css`
                display: flex;
                flex-wrap: wrap;
                gap: ${theme.space(3)};
                align-items: center;
                & > button[type='submit'] {
                  flex: 1 1 12rem;
                }
              `}
            >
              <SubmitButton>Anfrage senden</SubmitButton>
              <Button variant="ghost" onClick={onCancel}>
                Abbrechen
              </Button>
            </div>
          </FormStack>
        </form>
      )}
    </Form>
  );
}

/** Herren or Damen as two radio buttons (a short, always visible choice). */
function TeamChoice() {
  const legendId = useId();
  const errorId = `${legendId}-error`;
  const field = useField<Team | undefined>('team', { validate: teamChosen, subscription: { value: true, touched: true, error: true } });
  const error = field.meta.touched && field.meta.error ? (field.meta.error as string) : undefined;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      css={css`
        margin: 0;
        padding: 0;
        border: 0;
        min-width: 0;
      `}
    >
      <legend
        id={legendId}
        css={(theme: Theme) => css`
          padding: 0;
          margin-bottom: ${theme.space(1)};
          font-weight: 700;
        `}
      >
        Team
      </legend>
      <div
        css={(theme: Theme) => css`
          display: flex;
          gap: ${theme.space(3)};
        `}
      >
        {teamOrder.map((team) => (
          <label
            key={team}
            css={(theme: Theme) => css`
              flex: 1;
              display: flex;
              align-items: center;
              gap: ${theme.space(2)};
              min-height: 44px;
              padding: 0 ${theme.space(3)};
              border: 2px solid ${error ? theme.colors.error : theme.colors.border};
              border-radius: ${theme.radius};
              background: ${theme.colors.white};
              cursor: pointer;
              &:has(input:checked) {
                border-color: ${theme.colors.primaryDark};
              }
              &:has(input:focus-visible) {
                outline: 3px solid ${theme.colors.focus};
                outline-offset: 1px;
              }
            `}
          >
            <input
              type="radio"
              name={`${legendId}-team`}
              value={team}
              checked={field.input.value === team}
              aria-invalid={error ? true : undefined}
              onChange={() => field.input.onChange(team)}
              onBlur={field.input.onBlur}
              onFocus={field.input.onFocus}
              css={(theme: Theme) => css`
                width: 20px;
                height: 20px;
                margin: 0;
                accent-color: ${theme.colors.primaryDark};
              `}
            />
            {teamLabels[team]}
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

function NoteField() {
  const field = useField<string>('note', { validate: note });
  const error = field.meta.touched && field.meta.error ? (field.meta.error as string) : undefined;
  return (
    <TextAreaField
      label="Nachricht"
      optional
      {...field.input}
      value={field.input.value ?? ''}
      rows={3}
      maxLength={CLUB_REQUEST_LIMITS.note}
      hint="Zum Beispiel Ort oder Kreis des Vereins."
      error={error}
      css={css`
        min-height: 88px;
      `}
    />
  );
}
