import { css, type Theme } from '@emotion/react';
import { useEffect, useState } from 'react';
import {
  berlinToday,
  campaignOf,
  formatDayMonth,
  isSeasonOver,
  isVoteChallenge,
  isVotingOpen,
  isVotingRunning,
  nextSeasonText,
  paths,
  seasonSpan,
  thumbnailUrl,
  type ChallengeDto,
  type ImageDto,
  type IsoDate,
  type NextSeasonDto,
  type YearFields,
} from '@erd/shared-contracts';
import { ButtonLink } from '@erd/shared-contracts/ui';
import { Glyph } from '../../../components/glyphs';
import { Logo } from '../../../components/logo';
import { useJoinTarget } from '../../../lib/use-join-target';
import { PRIZES_ANCHOR } from './teasers';

/** `2026-05-04`, `2026-07-26` → `04.05.–26.07.2026` (across a new year: `28.12.2026–10.01.2027`). */
export function formatSeasonSpan(start: IsoDate, end: IsoDate): string {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${formatDayMonth(start)}.${sameYear ? '' : start.slice(0, 4)}–${formatDayMonth(end)}.${end.slice(0, 4)}`;
}

/** Where 'Jetzt abstimmen' leads: the one vote running today, or the challenge list when several run. */
export function voteTarget(challenges: readonly ChallengeDto[], today: IsoDate): string {
  const voting = challenges.filter((c) => isVoteChallenge(c) && isVotingOpen(c, today));
  return voting.length === 1 ? paths.challenge(voting[0]!.sys.id) : paths.challenges;
}

/** The season's photograph behind the hero: every webp rendition the content API made, the browser picks by width. */
function HeroPhoto({ image }: { image: ImageDto }) {
  const renditions = (image.metadata?.thumbnails ?? []).filter(
    (t) => t.width && (t.format ? t.format === 'webp' : t.url.includes('.webp')),
  );
  const srcSet = renditions.map((t) => `${t.url} ${t.width}w`).join(', ');
  return (
    <img
      src={thumbnailUrl(image)}
      srcSet={srcSet || undefined}
      sizes={srcSet ? '100vw' : undefined}
      alt=""
      fetchPriority="high"
      decoding="async"
      data-testid="hero-photo"
      css={css`
        position: absolute;
        inset: 0;
        width: 100%;
        height: 100%;
        max-width: none;
        object-fit: cover;
        object-position: center 30%;
      `}
    />
  );
}

/** The default key visual: a floodlit pitch from above in the brand's navy, yellow sashes on the right. Pure CSS and SVG, no download. */
function PitchArt() {
  return (
    <svg
      viewBox="0 0 1600 1000"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-testid="hero-pitch"
      css={css`
        position: absolute;
        inset: 0;
        width: 100%;
        height: 100%;
        pointer-events: none;
      `}
    >
      <g fill="#ffffff" fillOpacity="0.025">
        {[0, 2, 4, 6, 8].map((i) => (
          <rect key={i} x={i * 200} y="0" width="200" height="1000" />
        ))}
      </g>
      <g fill="none" stroke="#ffffff" strokeOpacity="0.13" strokeWidth="5">
        <rect x="60" y="60" width="1480" height="880" />
        <line x1="1060" y1="60" x2="1060" y2="940" />
        <circle cx="1060" cy="500" r="170" />
        <circle cx="1060" cy="500" r="7" fill="#ffffff" fillOpacity="0.13" />
        <rect x="1330" y="280" width="210" height="440" />
        <rect x="1470" y="390" width="70" height="220" />
        <path d="M1330 420a90 90 0 0 0 0 160" />
      </g>
      <g fill="#f2b705">
        <polygon points="1380,1000 1600,700 1600,780 1440,1000" />
        <polygon points="1240,1000 1600,520 1600,570 1275,1000" fillOpacity="0.55" />
      </g>
    </svg>
  );
}

/** How long the hero waits for the season's texts before it shows the default ones (the space data is preloaded with the page). */
export const HERO_WAIT_MS = 2500;

const heroFrame = (theme: Theme) => css`
  position: relative;
  isolation: isolate;
  display: flex;
  align-items: flex-start;
  min-height: calc(100vh - 64px);
  min-height: calc(100svh - 64px);
  overflow: hidden;
  color: ${theme.colors.white};
  background:
    radial-gradient(ellipse at 70% 120%, rgba(31, 138, 76, 0.5), transparent 55%),
    radial-gradient(circle at 66% 40%, rgba(242, 183, 5, 0.14), transparent 45%),
    ${theme.colors.primaryDark};
  ${theme.mq.md} {
    min-height: calc(100svh - 80px);
  }
`;

/** Readable text over any photograph: navy from the text's side. */
const scrim = (theme: Theme) => css`
  position: absolute;
  inset: 0;
  background: linear-gradient(180deg, rgba(11, 42, 74, 0.78) 0%, rgba(11, 42, 74, 0.86) 62%, rgba(11, 42, 74, 0.45) 100%);
  ${theme.mq.md} {
    background: linear-gradient(90deg, rgba(11, 42, 74, 0.95) 0%, rgba(11, 42, 74, 0.82) 45%, rgba(11, 42, 74, 0.2) 100%);
  }
`;

/**
 * The text column and, from the tablet on, the prize sticker beside it. Laid out from the top (not
 * centred): texts that arrive with the season change no position above them.
 */
const inner = (theme: Theme) => css`
  position: relative;
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: clamp(24px, 4svh, 48px) ${theme.space(4)} ${theme.space(12)};
  &[data-pending] [data-season-text] {
    visibility: hidden;
  }
  ${theme.mq.md} {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 340px;
    align-items: center;
    column-gap: ${theme.space(12)};
    padding: clamp(32px, 7svh, 80px) ${theme.space(8)} ${theme.space(16)};
  }
`;

const kicker = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 1.5em;
  margin: ${theme.space(7)} 0 ${theme.space(3)};
  font-family: ${theme.fonts.headline};
  font-weight: 800;
  font-size: 1rem;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.primary};
  ${theme.mq.md} {
    margin-top: ${theme.space(9)};
    font-size: 1.125rem;
  }
`;

const claimStyle = (theme: Theme) => css`
  /* two lines kept: a claim that arrives after the wait replaces the default without moving what follows */
  min-height: calc(2 * 0.95em);
  margin: 0;
  font-family: ${theme.fonts.headline};
  font-weight: 900;
  font-style: italic;
  font-size: clamp(2.25rem, 9.5vw, 3.25rem);
  line-height: 0.95;
  letter-spacing: -0.01em;
  text-transform: uppercase;
  text-wrap: balance;
  overflow-wrap: anywhere;
  ${theme.mq.md} {
    max-width: 20ch;
    font-size: clamp(3rem, 5.2vw, 4.5rem);
  }
`;

const sublineStyle = (theme: Theme) => css`
  max-width: 38rem;
  min-height: calc(3 * 1.45em);
  margin: ${theme.space(5)} 0 0;
  font-size: 1.0625rem;
  line-height: 1.45;
  color: rgba(255, 255, 255, 0.9);
  ${theme.mq.md} {
    min-height: calc(2 * 1.45em);
    font-size: 1.25rem;
  }
`;

const bigButton = (theme: Theme) => css`
  flex: 1 1 auto;
  min-height: 52px;
  padding: ${theme.space(3)} ${theme.space(3)};
  font-size: 1rem;
  ${theme.mq.sm} {
    flex: 0 0 auto;
    padding: ${theme.space(3)} ${theme.space(7)};
  }
  ${theme.mq.md} {
    min-height: 56px;
    font-size: 1.125rem;
  }
`;

/** The lead prize as a sticker ('Störer'): tilted, yellow, the brand's loudest element after the claim. */
const sticker = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  width: fit-content;
  max-width: 100%;
  margin-top: ${theme.space(8)};
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radius};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryDark};
  box-shadow: 0 10px 28px rgba(0, 0, 0, 0.35);
  transform: rotate(-2deg);
  text-decoration: none;
  ${theme.mq.md} {
    flex-direction: column;
    align-items: flex-start;
    width: auto;
    margin: 0;
    padding: ${theme.space(7)};
    transform: rotate(-4deg);
  }
`;

const stickerKicker = (theme: Theme) => css`
  display: block;
  font-family: ${theme.fonts.headline};
  font-weight: 800;
  font-size: 0.8125rem;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  ${theme.mq.md} {
    font-size: 0.9375rem;
  }
`;

const stickerText = (theme: Theme) => css`
  display: block;
  font-family: ${theme.fonts.headline};
  font-weight: 900;
  font-size: 1.125rem;
  line-height: 1.1;
  text-transform: uppercase;
  overflow-wrap: break-word;
  hyphens: auto;
  ${theme.mq.md} {
    margin-top: ${theme.space(1)};
    font-size: 1.5rem;
  }
`;

const stickerGlyph = (theme: Theme) => css`
  width: 2rem;
  height: 2rem;
  ${theme.mq.md} {
    width: 3.25rem;
    height: 3.25rem;
  }
`;

/** The season's lead prize; without one, the prize teaser's headline as a way to the prizes. */
function PrizeSticker({ prize, prizesHeadline }: { prize?: string; prizesHeadline?: string }) {
  if (!prize && !prizesHeadline) return null;
  const Tag = prize ? 'p' : 'a';
  return (
    <Tag
      href={prize ? undefined : `#${PRIZES_ANCHOR}`}
      data-season-text
      data-testid="hero-prize"
      css={(theme: Theme) => css`
        ${sticker(theme)};
        &:is(a):hover {
          background: #ffc928;
        }
        &:focus-visible {
          outline: 3px solid ${theme.colors.white};
          outline-offset: 4px;
        }
      `}
    >
      <Glyph name="trophy" css={stickerGlyph} />
      <span>
        <span css={stickerKicker}>{prize ? 'Hauptpreis' : 'Preise'}</span>
        <span css={stickerText}>{prize ?? `${prizesHeadline} →`}</span>
      </span>
    </Tag>
  );
}

const nextSeasonStyle = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin: ${theme.space(5)} 0 0;
  font-size: 1.125rem;
  font-weight: 700;
  color: ${theme.colors.primary};
`;

interface HeroProps {
  productName: string;
  /** The season; undefined while the space data loads (or when it failed): the default texts then. */
  year?: YearFields;
  /** The space data is still loading: the texts keep their place, unseen, for at most `HERO_WAIT_MS`. */
  pending?: boolean;
  today?: IsoDate;
  /** Issue 26, between two seasons (every result published): the next season, said under the buttons. */
  nextSeason?: NextSeasonDto | null;
}

/**
 * Spec §2: a full-height hero with the logo (the page's h1). Issue 24 gives it the season's job: the
 * claim and subline (the season's campaign, else `DEFAULT_CAMPAIGN`), the season's dates, the lead
 * prize, 'JETZT MITMACHEN' ('ZUR ABSCHLUSSTABELLE' once the season is over) and 'Jetzt abstimmen'
 * while a vote runs; the key visual is the season's photograph under a navy scrim, else the pitch.
 * The frame and the logo show at once; the texts wait (in their reserved place) for the season,
 * which the server preloads with the page, so the default claim never flashes before the season's.
 */
export function Hero({ productName, year, pending = false, today = berlinToday(), nextSeason }: HeroProps) {
  const joinTarget = useJoinTarget();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaited(true), HERO_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const campaign = campaignOf(year?.campaign);
  const challenges = year?.challenges ?? [];
  const span = seasonSpan(challenges);
  const over = isSeasonOver(challenges, today);
  const voting = !over && isVotingRunning(challenges, today);

  return (
    <section aria-labelledby="home-hero-title" css={heroFrame}>
      {campaign.image ? (
        <>
          <HeroPhoto image={campaign.image} />
          <div aria-hidden="true" css={scrim} />
        </>
      ) : (
        <PitchArt />
      )}
      <div css={inner} data-pending={(pending && !waited) || undefined}>
        <div>
          <h1
            id="home-hero-title"
            aria-label={productName}
            css={css`
              margin: 0;
              line-height: 1;
            `}
          >
            <Logo variant="hero" />
          </h1>
          <p css={kicker} data-season-text data-testid="hero-season">
            {span && (
              <>
                <Glyph name="calendar" />
                <span>
                  {over ? 'Saison beendet' : 'Saison'} {formatSeasonSpan(span.start, span.end)}
                </span>
              </>
            )}
          </p>
          <p css={claimStyle} data-season-text data-testid="hero-claim">
            {campaign.claim}
          </p>
          <p css={sublineStyle} data-season-text>
            {campaign.subline}
          </p>
          <div
            data-season-text
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              gap: ${theme.space(3)};
              margin-top: ${theme.space(7)};
            `}
          >
            {over ? (
              <ButtonLink to={paths.standings} css={bigButton}>
                ZUR ABSCHLUSSTABELLE
              </ButtonLink>
            ) : (
              <ButtonLink to={joinTarget} css={bigButton}>
                JETZT MITMACHEN
              </ButtonLink>
            )}
            {voting && (
              <ButtonLink
                to={voteTarget(challenges, today)}
                variant="outline"
                css={(theme: Theme) => css`
                  ${bigButton(theme)};
                  color: ${theme.colors.white};
                  border-color: ${theme.colors.white};
                `}
              >
                Jetzt abstimmen
              </ButtonLink>
            )}
          </div>
          {over && nextSeason && (
            <p css={nextSeasonStyle} data-season-text data-testid="hero-next-season">
              <Glyph name="calendar" />
              <span>{nextSeasonText(nextSeason)}</span>
            </p>
          )}
        </div>
        <PrizeSticker prize={campaign.prize} prizesHeadline={year?.teaserPrizes?.headline} />
      </div>
    </section>
  );
}
