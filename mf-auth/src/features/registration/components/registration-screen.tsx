import { type ReactNode, useEffect, useState } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import {
  isApiError,
  Link,
  paths,
  storageKeys,
  useNavigate,
  type RegistrationInput,
  type Team,
} from '@erd/shared-contracts';
import { SelectMenu, FieldError } from '@erd/shared-contracts/ui';
import { FormGroupTitle, FormLinks, FormMessage, formMessages, FormPage, FormStack, ProfileFields, type ProfileFieldValues } from '@erd/shared-contracts/forms';
import { FinalCheckbox, FinalTextField, NewPasswordFields, SubmitButton } from '../../../components/fields';
import { writeStorage } from '../../../lib/browser-storage';
import { normalizeEmail } from '../../../lib/email';
import { email, required } from '../../../lib/validators';
import { loadClubCatalogue } from '../api/list-clubs';
import { register } from '../api/register';
import { subscribeNewsletter } from '../api/subscribe-newsletter';
import { availableTeams, teamLabels, type ClubChoice } from '../lib/club-search';
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

const chosenClub = (value: unknown) => (value && typeof value === 'object' && 'clubnumber' in value ? undefined : formMessages.clubRequired);

const chosenTeam = (value: unknown, all: object) => {
  const club = (all as RegistrationValues).club;
  return value === 'm' || value === 'w' ? (club?.teams[value] ? undefined : formMessages.teamRequired) : formMessages.teamRequired;
};

/** The club search and the team dropdown, bound to the form: choosing a club preselects its only team. */
function ClubAndTeam() {
  const form = useForm<RegistrationValues>();
  const club = useField<ClubChoice | null>('club', { validate: chosenClub });
  const team = useField<Team | undefined>('team', { validate: chosenTeam });
  const teams = availableTeams(club.input.value || null);

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
      if (code === 'EmailNotConfirmed') writeStorage('local', storageKeys.confirmEmail, input.email);
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
      intro="Melde deinen Verein zur Punktejagd an. Pro Verein und Team gibt es eine Anmeldung; wir schicken dir danach einen Code zur Bestätigung deiner E-Mail-Adresse."
    >
      <Form<RegistrationValues> onSubmit={onSubmit} initialValues={REGISTRATION_INITIAL_VALUES} subscription={{}}>
        {({ handleSubmit }) => (
          <form noValidate onSubmit={handleSubmit}>
            <FormStack>
              <ProfileFields renderField={(field) => <FinalTextField {...field} />} />

              <FormGroupTitle>Dein Verein</FormGroupTitle>
              <ClubAndTeam />

              <FormGroupTitle>Dein Zugang</FormGroupTitle>
              <FinalTextField name="email" label="E-Mail-Adresse" type="email" inputMode="email" autoComplete="email" maxLength={254} validate={email} />
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
              <FinalCheckbox name="newsletter" label="Ich möchte den Newsletter der Punktejagd per E-Mail erhalten (jederzeit abbestellbar)." />

              {failure && <RegistrationFailure failure={failure} />}
              <SubmitButton>Registrieren</SubmitButton>
            </FormStack>
          </form>
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
      {registrationErrors[failure]}
      {failure === 'EmailNotConfirmed' && (
        <>
          {' '}
          <Link to={paths.confirmation}>Jetzt bestätigen</Link>
        </>
      )}
    </FormMessage>
  );
}
