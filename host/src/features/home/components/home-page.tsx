import { berlinToday, getRuntimeConfig, isSeasonDecided, useDocumentTitle, useSpaceData } from '@erd/shared-contracts';
import { LoadError, Spinner } from '@erd/shared-contracts/ui';
import { ActiveChallengeTeaser } from './active-challenge-teaser';
import { BannerStrip } from './banner-strip';
import { Hero } from './hero';
import { RunningChallenges } from './running-challenges';
import { SeasonDecided } from './season-decided';
import { HowTeaser, IntroTeaser, PrizeTeaser } from './teasers';
import { useNow } from '../../../lib/use-now';

/** Spec §9: the banner strips scroll in 50 s and 30 s. */
export const BANNER_DURATIONS_S = [50, 30] as const;

/**
 * Spec §2 home page: hero, two banner strips, the intro and prize teasers and the active challenge;
 * issue 24 adds the season's campaign to the hero and 'Läuft gerade' after the first strip. Issue 26:
 * once every result of the season is published, 'Läuft gerade' and the active-challenge teaser give
 * way to the final standings and the next season's start (`SeasonDecided`, the hero says it too).
 */
export function HomePage() {
  const { productName } = getRuntimeConfig();
  useDocumentTitle(`${productName} – Bereit zu punkten?`);
  const space = useSpaceData();
  const site = space.status === 'success' ? space.data.site.fields : undefined;
  const today = berlinToday(useNow());
  // Issue 26, between two seasons: every result is published; the page leads to the final standings.
  const decided = space.status === 'success' && isSeasonDecided(space.data.year.fields.challenges, today);
  const nextSeason = space.status === 'success' ? space.data.nextSeason : undefined;

  return (
    <>
      <Hero
        productName={productName}
        year={space.status === 'success' ? space.data.year.fields : undefined}
        pending={space.status === 'loading'}
        nextSeason={decided ? nextSeason : undefined}
        today={today}
      />
      <BannerStrip durationSeconds={BANNER_DURATIONS_S[0]} text={site?.bannerText1} />
      {space.status === 'loading' && <Spinner label="Inhalte werden geladen …" />}
      {space.status === 'error' && (
        <LoadError text="Die Inhalte konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal." onRetry={space.retry} />
      )}
      {space.status === 'success' && (
        <>
          {decided ? (
            <SeasonDecided year={space.data.year.fields.year} nextSeason={nextSeason} />
          ) : (
            <RunningChallenges challenges={space.data.year.fields.challenges} />
          )}
          <IntroTeaser teaser={space.data.year.fields.teaser1} />
          <HowTeaser teaser={space.data.year.fields.teaser2} />
          <BannerStrip
            durationSeconds={BANNER_DURATIONS_S[1]}
            reverse
            tone="dark"
            text={site?.bannerText2}
            decorative={(site?.bannerText2 || '') === (site?.bannerText1 || '')}
          />
          <PrizeTeaser teaser={space.data.year.fields.teaserPrizes} />
          {!decided && <ActiveChallengeTeaser challenges={space.data.year.fields.challenges} />}
        </>
      )}
    </>
  );
}
