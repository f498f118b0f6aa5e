import { useEffect } from 'react';
import { MF_BUILD_ATTRIBUTE, paths, type ProfileAppProps, type ProfileScreen } from '@erd/shared-contracts';
import { ButtonLink, Container, Headline, Section } from '@erd/shared-contracts/ui';

/**
 * mf-profile: profile, deletion and its confirmation. This release is the deployable unit with its
 * routes wired; the screens follow with the accounts.
 */
const titles: Record<ProfileScreen, string> = {
  profile: 'Profil',
  delete: 'Konto löschen',
  'delete-confirmation': 'Konto gelöscht',
};

export default function ProfileApp({ screen }: ProfileAppProps) {
  const title = titles[screen];
  useEffect(() => {
    document.title = `${title} – Punktejagd`;
  }, [title]);
  return (
    <Section {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <Container>
        <Headline as="h1">{title}</Headline>
        <p>Profile für Vereine gibt es, sobald die Anmeldung öffnet.</p>
        <ButtonLink to={paths.home}>Zur Startseite</ButtonLink>
      </Container>
    </Section>
  );
}
