import { css, type Theme } from '@emotion/react';
import { getRuntimeConfig } from '@erd/shared-contracts';
import { Button, Container, Headline, Spinner } from '@erd/shared-contracts/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSpaceData } from '../../../lib/space-data';
import { ActiveChallengeTeaser } from './active-challenge-teaser';
import { BannerStrip } from './banner-strip';
import { Hero } from './hero';
import { HowTeaser, IntroTeaser, PrizeTeaser } from './teasers';

/** Spec §9: the banner strips scroll in 50 s and 30 s. */
export const BANNER_DURATIONS_S = [50, 30] as const;

/** Spec §2 home page: hero, two banner strips, the intro and prize teasers and the active challenge. */
export function HomePage() {
  const { productName } = getRuntimeConfig();
  useDocumentTitle(`${productName} – Bereit zu punkten?`);
  const space = useSpaceData();

  return (
    <>
      <Hero productName={productName} />
      <BannerStrip durationSeconds={BANNER_DURATIONS_S[0]} />
      {space.status === 'loading' && <Spinner label="Inhalte werden geladen …" />}
      {space.status === 'error' && (
        <Container>
          <div
            role="alert"
            css={(theme: Theme) => css`
              margin: ${theme.space(10)} 0;
              padding: ${theme.space(8)} ${theme.space(5)};
              text-align: center;
              background: ${theme.colors.surface};
              border-radius: ${theme.radius};
              box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12);
            `}
          >
            <Headline as="h2" level="md">
              Da ist leider was schief gelaufen.
            </Headline>
            <p>Die Inhalte konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.</p>
            <Button variant="secondary" onClick={space.retry}>
              Erneut versuchen
            </Button>
          </div>
        </Container>
      )}
      {space.status === 'success' && (
        <>
          <IntroTeaser teaser={space.data.year.fields.teaser1} />
          <HowTeaser teaser={space.data.year.fields.teaser2} />
          <BannerStrip durationSeconds={BANNER_DURATIONS_S[1]} reverse tone="dark" decorative />
          <PrizeTeaser teaser={space.data.year.fields.teaserPrizes} />
          <ActiveChallengeTeaser challenges={space.data.year.fields.challenges} />
        </>
      )}
    </>
  );
}
