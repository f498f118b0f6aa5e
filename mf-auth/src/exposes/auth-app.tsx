import { useEffect } from 'react';
import { MF_BUILD_ATTRIBUTE, paths, type AuthAppProps, type AuthScreen } from '@erd/shared-contracts';
import { ButtonLink, Container, Headline, Section } from '@erd/shared-contracts/ui';

/**
 * mf-auth: login, registration, confirmation, restore and change password. This release is the
 * deployable unit with its routes wired; the forms against the identity service are being built.
 */
const titles: Record<AuthScreen, string> = {
  login: 'Einloggen',
  registration: 'Registrierung',
  confirmation: 'E-Mail bestätigen',
  'restore-password': 'Passwort vergessen',
  'change-password': 'Neues Passwort',
};

export default function AuthApp({ screen }: AuthAppProps) {
  const title = titles[screen];
  useEffect(() => {
    document.title = `${title} – Punktejagd`;
  }, [title]);
  return (
    <Section {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <Container>
        <Headline as="h1">{title}</Headline>
        <p>Die Anmeldung für Vereine öffnet in Kürze. Bis dahin kannst du dir schon die Challenges ansehen.</p>
        <ButtonLink to={paths.challenges}>Zu den Challenges</ButtonLink>
      </Container>
    </Section>
  );
}
