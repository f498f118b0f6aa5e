import { css, type Theme } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import {
  isApiError,
  Link,
  paths,
  selectIsLoggedIn,
  useSession,
  type AccountErrorCode,
  type MeDto,
  type ProfileUpdateInput,
  PASSWORD_MAX_LENGTH,
} from '@erd/shared-contracts';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import {
  FormGroupTitle,
  FormLinks,
  FormMessage,
  formMessages,
  FormPage,
  FormStack,
  LinkButton,
  ProfileFields,
  type ProfileFieldValues,
} from '@erd/shared-contracts/forms';
import { FinalTextField, SubmitButton } from '../../../components/fields';
import { optionalPassword, optionalPasswordRepeat } from '../../../lib/validators';
import { getMe } from '../api/get-me';
import { updateProfile } from '../api/update-profile';
import { MyEntriesSection } from './my-entries-section';
import { NotificationSettingsSection } from './notification-settings-section';
import { SessionEnded } from './load-failure';
import { SignOutEverywhereSection } from './sign-out-everywhere-section';

export const profileTexts = {
  saved: 'Deine Daten wurden erfolgreich aktualisiert.',
  failed: 'Bei der Aktualisierung der Daten ist ein Fehler aufgetreten.',
  invalid: 'Falscher Nutzer und/oder falsches Passwort',
  stale: 'Deine Daten wurden inzwischen an anderer Stelle geändert. Lade sie neu und speichere deine Änderungen danach noch einmal.',
  loadFailed: 'Deine Daten konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  sessionEnded: 'Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein.',
  passwordUnavailable:
    'Dein Passwort kann hier gerade nicht geändert werden. Über „Passwort vergessen?“ beim Einloggen kannst du ein neues festlegen.',
} as const;

const teamLabels = { m: 'Herren', w: 'Damen' } as const;

export interface ProfileValues extends ProfileFieldValues {
  password?: string;
  password_repeat?: string;
}

type Load = { status: 'loading' } | { status: 'ready'; me: MeDto } | { status: 'error'; unauthorized: boolean };
type Outcome = 'saved' | 'failed' | 'stale' | 'weakPassword' | 'passwordUnavailable' | null;

const trim = (value: string | undefined) => (value ?? '').trim();

/** The PUT body: trimmed fields, the `updatedAt` the form was loaded with, the password only when one was typed. */
export function toProfileUpdate(values: ProfileValues, updatedAt: string): ProfileUpdateInput {
  return {
    fields: {
      firstname: trim(values.firstname),
      lastname: trim(values.lastname),
      street: trim(values.street),
      city: trim(values.city),
      phone: trim(values.phone),
    },
    updatedAt,
    ...(values.password ? { password: values.password } : {}),
  };
}

const toValues = (me: MeDto): ProfileValues => ({
  firstname: me.fields.firstname,
  lastname: me.fields.lastname,
  street: me.fields.street,
  city: me.fields.city,
  phone: me.fields.phone ?? '',
  password: '',
  password_repeat: '',
});

/**
 * Spec §2/§5/§7/§8 profile: GET /api/me once the session's e-mail is known, the form with the
 * personal data and an optional new password, PUT /api/profile with the loaded `updatedAt`.
 * Links to the public club page and to the account deletion. Between the account and the form,
 * 'Meine Teilnahmen' (issue 24), loaded on its own, the notifications (issue 25) and 'Überall
 * abmelden' (issue 28).
 */
export function ProfileScreen() {
  const email = useSession((s) => s.email);
  const isLoggedIn = useSession(selectIsLoggedIn);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [initialValues, setInitialValues] = useState<ProfileValues>({});

  const fetchMe = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      const me = await getMe();
      setInitialValues(toValues(me));
      setLoad({ status: 'ready', me });
    } catch (error) {
      setLoad({ status: 'error', unauthorized: isApiError(error) && error.status === 401 });
    }
  }, []);

  useEffect(() => {
    if (email) void fetchMe();
  }, [email, fetchMe]);

  const onSubmit = async (values: ProfileValues, form: FormApi<ProfileValues>) => {
    if (load.status !== 'ready') return;
    setOutcome(null);
    try {
      const result = await updateProfile(toProfileUpdate(values, load.me.updatedAt));
      const me: MeDto = { ...load.me, fields: result.fields, updatedAt: result.updatedAt };
      setLoad({ status: 'ready', me });
      const next = toValues(me);
      setInitialValues(next);
      form.initialize(next);
      setOutcome('saved');
    } catch (error) {
      if (isApiError(error) && error.status === 409) setOutcome('stale');
      else if (isApiError(error) && error.code === ('InvalidPasswordException' satisfies AccountErrorCode)) setOutcome('weakPassword');
      // With an external identity pool and no admin access, the server cannot set a new password.
      else if (isApiError(error) && error.code === ('PasswordChangeUnavailable' satisfies AccountErrorCode))
        setOutcome('passwordUnavailable');
      else setOutcome('failed');
    }
  };

  const reload = async () => {
    setOutcome(null);
    await fetchMe();
  };

  // A session that ended before the data were asked for (revoked on another device, its refresh
  // refused by another call of this page) would leave the page loading: it says the session has ended.
  const shown: Load = !isLoggedIn && load.status === 'loading' ? { status: 'error', unauthorized: true } : load;

  return (
    <FormPage title="Profil" intro="Hier siehst du, was dein Verein eingereicht hat, und kannst deine Daten und dein Passwort ändern.">
      {shown.status === 'loading' && <Spinner label="Deine Daten werden geladen …" />}
      {shown.status === 'error' &&
        (shown.unauthorized ? (
          <SessionEnded text={profileTexts.sessionEnded} />
        ) : (
          <FormStack>
            <FormMessage tone="error">{profileTexts.loadFailed}</FormMessage>
            <Button variant="secondary" onClick={() => void fetchMe()}>
              Erneut laden
            </Button>
          </FormStack>
        ))}
      {load.status === 'ready' && (
        <>
          <AccountSummary me={load.me} />
          <MyEntriesSection />
          <NotificationSettingsSection />
          <SignOutEverywhereSection />
          <Form<ProfileValues> onSubmit={onSubmit} initialValues={initialValues}>
            {({ handleSubmit, invalid, touched, pristine }) => {
              const showInvalid = invalid && Object.values(touched ?? {}).some(Boolean);
              return (
                <form noValidate onSubmit={handleSubmit}>
                  <FormStack>
                    <ProfileFields renderField={(field) => <FinalTextField {...field} />} />

                    <FormGroupTitle>Neues Passwort</FormGroupTitle>
                    <FinalTextField
                      name="password"
                      label="Neues Passwort"
                      type="password"
                      autoComplete="new-password"
                      optional
                      maxLength={PASSWORD_MAX_LENGTH}
                      validate={optionalPassword}
                      hint="Leer lassen, um dein Passwort zu behalten."
                    />
                    <FinalTextField
                      name="password_repeat"
                      label="Neues Passwort wiederholen"
                      type="password"
                      autoComplete="new-password"
                      optional
                      maxLength={PASSWORD_MAX_LENGTH}
                      validate={optionalPasswordRepeat}
                    />

                    {showInvalid && <FormMessage tone="error">{profileTexts.invalid}</FormMessage>}
                    {outcome === 'saved' && pristine && <FormMessage tone="success">{profileTexts.saved}</FormMessage>}
                    {outcome === 'failed' && <FormMessage tone="error">{profileTexts.failed}</FormMessage>}
                    {outcome === 'weakPassword' && <FormMessage tone="error">{formMessages.passwordRule}</FormMessage>}
                    {outcome === 'passwordUnavailable' && <FormMessage tone="error">{profileTexts.passwordUnavailable}</FormMessage>}
                    {outcome === 'stale' && (
                      <FormMessage tone="error">
                        {profileTexts.stale}{' '}
                        <LinkButton type="button" onClick={() => void reload()}>
                          Daten neu laden
                        </LinkButton>
                      </FormMessage>
                    )}
                    <SubmitButton>Speichern</SubmitButton>
                  </FormStack>
                </form>
              );
            }}
          </Form>
          <FormLinks>
            <li>
              <Link to={paths.delete}>Konto löschen</Link>
            </li>
          </FormLinks>
        </>
      )}
    </FormPage>
  );
}

function AccountSummary({ me }: { me: MeDto }) {
  return (
    <dl
      css={(theme: Theme) => css`
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: ${theme.space(2)} ${theme.space(4)};
        margin: 0 0 ${theme.space(6)};
        padding: ${theme.space(4)};
        border-radius: ${theme.radius};
        background: ${theme.colors.background};
        dt {
          font-weight: 700;
        }
        dd {
          margin: 0;
          min-width: 0;
          overflow-wrap: anywhere;
        }
        a {
          font-weight: 700;
          color: ${theme.colors.primaryDark};
        }
      `}
    >
      <dt>E-Mail</dt>
      <dd>{me.email}</dd>
      <dt>Verein</dt>
      <dd>
        {me.club ? (
          <>
            {me.club.fields.clubname} ({teamLabels[me.club.fields.team]})
            <br />
            <Link to={paths.club(me.club.sys.id)}>Zur Vereinsseite</Link>
          </>
        ) : (
          'Dein Verein ist nicht mehr im Verzeichnis.'
        )}
      </dd>
    </dl>
  );
}
