import { type ReactNode, useEffect, useState } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import {
  isApiError,
  Link,
  paths,
  storageKeys,
  useNavigate,
  type AccountErrorCode,
  type RegistrationInput,
  type Team,
} from '@erd/shared-contracts';
import { css, type Theme } from '@emotion/react';
import { SelectMenu, FieldError } from '@erd/shared-contracts/ui';
import {
  FormGroupTitle,
  FormLinks,
  FormMessage,
  formMessages,
  FormPage,
  FormStack,
  ProfileFields,
  type ProfileFieldValues,
} from '@erd/shared-contracts/forms';
import { FinalCheckbox, FinalEmailField, FinalTextField, NewPasswordFields, SubmitButton } from '../../../components/fields';
import { writeStorage } from '../../../lib/browser-storage';
import { normalizeEmail } from '../../../lib/email';
import { email, required } from '../../../lib/validators';
import { useClubAvailability, type ClubAvailability } from '../api/club-availability';
import { loadClubCatalogue } from '../api/list-clubs';
import { register } from '../api/register';
import { subscribeNewsletter } from '../api/subscribe-newsletter';
import { availableTeams, teamLabels, type ClubChoice } from '../lib/club-search';
import { ClubRequest } from './club-request';
import { ClubSearch } from './club-search';

/** Spec §8 registration texts. */
export const registrationErrors = {
  ClubNotFound: 'Der gewählte Verein wurde nicht gefunden.',
  EmailExists: 'Die E-Mail-Adresse ist bereits vergeben.',
  EmailNotConfirmed: 'Die E-Mail-Adresse muss noch bestätigt werden:',
  ClubTaken: 'Für den gewählten Verein existiert bereits eine Anmeldung.',
  generic: 'Bei der Registrierung ist ein Fehler aufgetreten, bitte versuche es später erneut.',
} as const;

type RegistrationError = keyof typeof registrationErrors;

export interface RegistrationValues extends ProfileFieldValues {
  club?: ClubChoice | null;
  team?: Team;
  email?: string;
  password?: string;
  password_repeat?: string;
  terms?: boolean;
  newsletter?: boolean;
  /** Set while the chosen entry already has an account (the early check): keeps the form from being sent. */
  clubEntryTaken?: boolean;
}

/** A constant: react-final-form re-initialises the form when this object changes. */
const REGISTRATION_INITIAL_VALUES: RegistrationValues = { terms: false, newsletter: false };

const trim = (value: string | undefined) => (value ?? '').trim();

export function toRegistrationInput(values: RegistrationValues): RegistrationInput | null {
  const entry = values.team ? values.club?.teams[values.team] : undefined;
  if (!entry) return null;
  const phoneNumber = trim(values.phone);
  return {
    email: normalizeEmail(values.email ?? ''),
    password: values.password ?? '',
    fields: {
      firstname: trim(values.firstname),
      lastname: trim(values.lastname),
      street: trim(values.street),
      city: trim(values.city),
      ...(phoneNumber ? { phone: phoneNumber } : {}),
      club: { id: entry.sys.id, linkType: 'Object', type: 'Link' },
    },
  };
}

const chosenClub = (value: unknown) =>
  value && typeof value === 'object' && 'clubnumber' in value ? undefined : formMessages.clubRequired;

const chosenTeam = (value: unknown, all: object) => {
  const club = (all as RegistrationValues).club;
  return value === 'm' || value === 'w' ? (club?.teams[value] ? undefined : formMessages.teamRequired) : formMessages.teamRequired;
};

/** The catalogue entry (club number and team) the form has chosen, or null. */
const chosenEntryId = (club: ClubChoice | null | undefined, team: Team | undefined) => (team ? (club?.teams[team]?.sys.id ?? null) : null);

const entryFree = (value: unknown) => (value ? registrationErrors.ClubTaken : undefined);

/**
 * The club search and the team dropdown, bound to the form: choosing a club preselects its only
 * team. As soon as club and team are chosen, the server is asked whether that entry already has
 * an account; if so, the form says what to do next and cannot be sent (the sign-up still decides).
 */
function ClubAndTeam() {
  const form = useForm<RegistrationValues>();
  const club = useField<ClubChoice | null>('club', { validate: chosenClub });
  const team = useField<Team | undefined>('team', { validate: chosenTeam });
  useField<boolean | undefined>('clubEntryTaken', { validate: entryFree, subscription: {} });
  const teams = availableTeams(club.input.value || null);
  const availability = useClubAvailability(chosenEntryId(club.input.value || null, team.input.value || undefined));

  useEffect(() => {
    form.change('clubEntryTaken', availability === 'taken' ? true : undefined);
  }, [form, availability]);

  const onClubChange = (choice: ClubChoice | null) => {
    form.batch(() => {
      form.change('club', choice);
      const only = availableTeams(choice);
      form.change('team', only.length === 1 ? only[0] : undefined);
    });
  };

  const teamError = team.meta.touched && team.meta.error ? (team.meta.error as string) : undefined;
  return (
    <>
      <ClubSearch
        value={club.input.value || null}
        onChange={onClubChange}
        onBlur={club.input.onBlur}
        onFocus={club.input.onFocus}
        error={club.meta.touched && club.meta.error ? (club.meta.error as string) : undefined}
        footer={({ query, nothingFound }) => <ClubRequest query={query} prominent={nothingFound} />}
      />
      <div>
        <SelectMenu<Team>
          label="Team"
          inline={false}
          block
          placeholder={teams.length ? 'Team wählen' : 'Zuerst den Verein wählen'}
          options={teams.map((value) => ({ value, label: teamLabels[value] }))}
          value={team.input.value || null}
          onChange={(value) => team.input.onChange(value)}
          onBlur={team.input.onBlur}
          disabled={teams.length === 0}
          invalid={!!teamError}
          describedBy={teamError ? 'registration-team-error' : undefined}
        />
        {teamError && <FieldError id="registration-team-error">{teamError}</FieldError>}
      </div>
      <EntryAvailability availability={availability} />
    </>
  );
}

/** The early answer for the chosen club and team: free, or taken with what to do next. */
function EntryAvailability({ availability }: { availability: ClubAvailability }) {
  if (availability === 'available') {
    return (
      <FormMessage tone="success">
        Für deinen Verein und dein Team gibt es noch keine Anmeldung. Weiter geht’s mit deinen Daten.
      </FormMessage>
    );
  }
  if (availability === 'taken')
    return (
      <FormMessage tone="error">
        <ClubTakenText />
      </FormMessage>
    );
  return null;
}

/** 'Für den gewählten Verein existiert bereits eine Anmeldung.' and the ways on from there. */
function ClubTakenText() {
  return (
    <>
      {registrationErrors.ClubTaken}{' '}
      <span
        css={(theme: Theme) => css`
          display: block;
          margin-top: ${theme.space(2)};
        `}
      >
        Pro Verein und Team gibt es ein Konto. Hast du es selbst angelegt? Dann <Link to={paths.login}>logge dich ein</Link> oder lege über{' '}
        <Link to={paths.restorePassword}>Passwort vergessen?</Link> ein neues Passwort fest. Sonst frag in deinem Verein nach, wer eure
        Mannschaft angemeldet hat.
      </span>
    </>
  );
}

/**
 * Spec §2/§4/§5/§8 registration: personal data, club and team, access data, terms and newsletter.
 * On success the e-mail is kept for the confirmation, the newsletter is subscribed when ticked,
 * and the confirmation screen follows.
 */
export function RegistrationScreen() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<RegistrationError | null>(null);

  useEffect(() => {
    // Load the club catalogue while the personal data is being typed.
    loadClubCatalogue().catch(() => undefined);
  }, []);

  const onSubmit = async (values: RegistrationValues) => {
    setFailure(null);
    const input = toRegistrationInput(values);
    if (!input) {
      setFailure('ClubNotFound');
      return;
    }
    try {
      await register(input);
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      if (code === ('EmailNotConfirmed' satisfies AccountErrorCode)) writeStorage('local', storageKeys.confirmEmail, input.email);
      setFailure(code in registrationErrors && code !== 'generic' ? (code as RegistrationError) : 'generic');
      return;
    }
    writeStorage('local', storageKeys.confirmEmail, input.email);
    if (values.newsletter) {
      try {
        await subscribeNewsletter(input.email);
      } catch (error) {
        console.warn('newsletter signup after the registration failed', error);
      }
    }
    navigate(paths.confirmation);
  };

  return (
    <FormPage
      title="Registrierung"
      intro="Melde deine Mannschaft zur Punktejagd an: zuerst Verein und Team, dann deine Daten. Danach schicken wir dir einen Code zur Bestätigung deiner E-Mail-Adresse."
    >
      <Form<RegistrationValues> onSubmit={onSubmit} initialValues={REGISTRATION_INITIAL_VALUES} subscription={{}}>
        {({ handleSubmit }) => (
          <FormStack>
            {/* The club step stands outside the form element: 'Verein nicht gefunden?' opens a form of its own there. */}
            <FormGroupTitle>Dein Verein</FormGroupTitle>
            <ClubAndTeam />

            <form noValidate onSubmit={handleSubmit}>
              <FormStack>
                <ProfileFields renderField={(field) => <FinalTextField {...field} />} />

                <FormGroupTitle>Dein Zugang</FormGroupTitle>
                <FinalEmailField validate={email} />
                <NewPasswordFields label="Passwort" />

                <FinalCheckbox
                  name="terms"
                  validate={required(formMessages.termsRequired)}
                  label={
                    <>
                      Ich akzeptiere die{' '}
                      <Link to={paths.terms} target="_blank" rel="noopener">
                        Teilnahmebedingungen
                      </Link>
                      .
                    </>
                  }
                />
                <FinalCheckbox
                  name="newsletter"
                  label="Ich möchte den Newsletter der Punktejagd per E-Mail erhalten (jederzeit abbestellbar)."
                />

                {failure && <RegistrationFailure failure={failure} />}
                <SubmitButton>Registrieren</SubmitButton>
              </FormStack>
            </form>
          </FormStack>
        )}
      </Form>
      <FormLinks>
        <li>
          Schon registriert? <Link to={paths.login}>Zum Login</Link>
        </li>
        <li>
          Code per E-Mail erhalten? <Link to={paths.confirmation}>E-Mail-Adresse bestätigen</Link>
        </li>
      </FormLinks>
    </FormPage>
  );
}

function RegistrationFailure({ failure }: { failure: RegistrationError }): ReactNode {
  return (
    <FormMessage tone="error">
      {failure === 'ClubTaken' ? <ClubTakenText /> : registrationErrors[failure]}
      {failure === 'EmailNotConfirmed' && (
        <>
          {' '}
          <Link to={paths.confirmation}>Jetzt bestätigen</Link>
        </>
      )}
    </FormMessage>
  );
}
