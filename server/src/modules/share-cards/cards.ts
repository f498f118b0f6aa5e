import { SHARE_CARD } from '@erd/shared-contracts/wire';
import { BRAND } from './brand.js';
import {
  ageLine,
  BOLD,
  challengeLabel,
  crest,
  cornerStripes,
  ground,
  HEAVY,
  kicker,
  REGULAR,
  shieldMarkup,
  voteButton,
  wordmark,
} from './parts.js';
import { containPicture, coverPicture, coverPixels, h, inRenderSlot, isPhoto, renderImage, svgImage, type CardNode } from './render.js';
import { cardText, fitSize, TEXT_LIMITS } from './text.js';
import type { ClubCardModel, EntryCardModel, RenderedImage, SiteCardModel, StandingsCardModel, StandingsRow } from './types.js';

/** The four link-preview cards (1200×630, `og:image`): entry, club, standings, site. */

const W = SHARE_CARD.width;
const H = SHARE_CARD.height;

/** The card's box: absolutely placed, so the underlay shows through. */
function box(style: Record<string, string | number>, ...children: (CardNode | null)[]): CardNode {
  return h('div', { position: 'absolute', top: 0, left: 0, width: W, height: H, color: BRAND.white, ...style }, ...children);
}

/** Crest, club name (two lines at most) and team. */
export function clubBlock(logo: string | null, clubName: string, team: string, size: number, width: number): CardNode {
  const nameSize = fitSize(
    clubName,
    [
      [22, size],
      [36, Math.round(size * 0.84)],
      [60, Math.round(size * 0.7)],
    ],
    width - size * 2.4,
    0.5,
  );
  return h(
    'div',
    { alignItems: 'center', gap: Math.round(size * 0.6), maxWidth: width, minWidth: 0, flexShrink: 1 },
    crest(logo, clubName, Math.round(size * 2.2)),
    h(
      'div',
      { flexDirection: 'column', gap: Math.round(size * 0.22), minWidth: 0, flexShrink: 1 },
      h('div', { ...BOLD, fontSize: nameSize, lineHeight: 1.08, lineClamp: 2, display: 'block', wordBreak: 'break-word' }, clubName),
      team ? kicker(team, Math.round(size * 0.58)) : null,
    ),
  );
}

/** 'CHALLENGE 4 — Euer lautester Schlachtruf' on one line. */
function challengeLine(num: number | null, title: string, size: number, width: number): CardNode {
  return h(
    'div',
    { alignItems: 'center', gap: Math.round(size * 0.6), maxWidth: width },
    kicker(challengeLabel(num), Math.round(size * 0.8)),
    h('div', { width: Math.round(size * 1.2), height: 3, backgroundColor: BRAND.yellow, flexShrink: 0 }),
    h(
      'div',
      { ...BOLD, fontSize: size, lineHeight: 1.2, color: 'rgba(255,255,255,0.88)', lineClamp: 1, display: 'block', flexShrink: 1 },
      title,
    ),
  );
}

const SLOGAN_STEPS = [
  [30, 96],
  [60, 80],
  [100, 64],
  [150, 54],
  [200, 46],
] as const;

/** The slogan between yellow quotes, heavy italic (two to four lines). */
export function sloganBlock(
  slogan: string,
  steps: readonly (readonly [number, number])[],
  width: number,
  lines = 4,
  align: 'left' | 'center' = 'left',
): CardNode {
  const size = fitSize(slogan, steps, width);
  const quote = (mark: string) => h('span', { color: BRAND.yellow }, mark);
  return h(
    'div',
    {
      ...HEAVY,
      fontSize: size,
      lineHeight: 1.06,
      lineClamp: lines,
      display: 'block',
      wordBreak: 'break-word',
      letterSpacing: -0.3,
      maxWidth: width,
      textAlign: align,
    },
    quote('„'),
    slogan,
    quote('“'),
  );
}

/** An entry: the slogan set large between yellow quotes, or the picture beside a navy panel. */
export function renderEntryCard(m: EntryCardModel): Promise<RenderedImage> {
  return inRenderSlot(() => drawEntryCard(m));
}

async function drawEntryCard(m: EntryCardModel): Promise<RenderedImage> {
  const productName = cardText(m.productName, TEXT_LIMITS.productName);
  const challengeTitle = cardText(m.challengeTitle, TEXT_LIMITS.challengeTitle);
  const clubName = cardText(m.clubName, TEXT_LIMITS.clubName);
  const team = cardText(m.team, TEXT_LIMITS.team);
  const logo = await containPicture(m.clubLogo, 128);
  if (m.kind === 'picture') return renderPictureEntry(m, { productName, challengeTitle, clubName, team, logo });

  const slogan = cardText(m.slogan, TEXT_LIMITS.slogan);
  return renderImage(
    box(
      { flexDirection: 'column', padding: '48px 64px 30px' },
      wordmark(productName, 34),
      h('div', { marginTop: 30 }, challengeLine(m.challengeNumber, challengeTitle, 26, 860)),
      h('div', { flexGrow: 1, minHeight: 0, alignItems: 'center', paddingRight: 40 }, sloganBlock(slogan, SLOGAN_STEPS, 1030)),
      h(
        'div',
        { justifyContent: 'space-between', alignItems: 'center', gap: 32 },
        clubBlock(logo, clubName, team, 30, 640),
        m.voting ? voteButton(28) : null,
      ),
      h('div', { marginTop: 22 }, ageLine(15)),
    ),
    W,
    H,
    { underlay: ground(W, H) + shieldMarkup(W - 330, 150, 420, 8, 0.06) },
  );
}

interface EntryTexts {
  productName: string;
  challengeTitle: string;
  clubName: string;
  team: string;
  logo: string | null;
}

const PHOTO_W = 620;
/** The navy panel over the picture's right edge, with a yellow stripe along its slant. */
const PANEL =
  `<path d="M${PHOTO_W - 40} 0 L${PHOTO_W + 34} 0 L${PHOTO_W - 58} ${H} L${PHOTO_W - 132} ${H} Z" fill="${BRAND.yellow}"/>` +
  `<path d="M${PHOTO_W + 34} 0 L${W} 0 L${W} ${H} L${PHOTO_W - 58} ${H} Z" fill="${BRAND.navy}"/>` +
  cornerStripes(W);

async function renderPictureEntry(m: EntryCardModel, t: EntryTexts): Promise<RenderedImage> {
  const photo = await coverPixels(m.picture, PHOTO_W, H);
  const titleSize = fitSize(
    t.challengeTitle,
    [
      [22, 58],
      [40, 48],
      [80, 38],
    ],
    470,
  );
  // The photo is put beneath by sharp; without one (it did not decode) the panel's blue stands in.
  const underlay = (photo ? '' : `<rect width="${PHOTO_W}" height="${H}" fill="#12406d"/>`) + PANEL;
  return renderImage(
    box(
      { left: PHOTO_W - 10, width: W - PHOTO_W + 10, flexDirection: 'column', padding: '48px 56px 30px 30px' },
      wordmark(t.productName, 30),
      h(
        'div',
        { flexDirection: 'column', flexGrow: 1, minHeight: 0, justifyContent: 'center', gap: 14 },
        kicker(challengeLabel(m.challengeNumber), 20),
        h(
          'div',
          { ...HEAVY, fontSize: titleSize, lineHeight: 1.04, lineClamp: 3, display: 'block', wordBreak: 'break-word' },
          t.challengeTitle,
        ),
      ),
      clubBlock(t.logo, t.clubName, t.team, 26, 500),
      m.voting ? h('div', { marginTop: 26 }, voteButton(26)) : null,
      h('div', { marginTop: 24 }, ageLine(15)),
    ),
    W,
    H,
    { underlay, beneath: photo ? { pixels: photo, width: PHOTO_W, height: H, left: 0, top: 0 } : undefined },
  );
}

const CLUB_NAME_STEPS = [
  [14, 92],
  [24, 76],
  [36, 62],
  [60, 50],
] as const;

/** A club: its crest large on the left; name, team, place and points on the right. */
export function renderClubCard(m: ClubCardModel): Promise<RenderedImage> {
  return inRenderSlot(() => drawClubCard(m));
}

async function drawClubCard(m: ClubCardModel): Promise<RenderedImage> {
  const productName = cardText(m.productName, TEXT_LIMITS.productName);
  const clubName = cardText(m.clubName, TEXT_LIMITS.clubName);
  const team = cardText(m.team, TEXT_LIMITS.team);
  const season = cardText(m.seasonLabel, TEXT_LIMITS.seasonLabel);
  const logo = await containPicture(m.logo, 232);
  const stat = (label: string, value: string, color: string) =>
    h(
      'div',
      { flexDirection: 'column', gap: 4 },
      kicker(label, 18, 'rgba(255,255,255,0.7)'),
      h('div', { ...HEAVY, fontSize: 104, lineHeight: 1, color, letterSpacing: -1 }, value),
    );
  const underlay = ground(W, H, { cx: 0.22, cy: 0.5 }) + `<circle cx="234" cy="329" r="250" fill="#ffffff" opacity="0.05"/>`;
  return renderImage(
    box(
      { flexDirection: 'column', padding: '48px 64px 30px' },
      wordmark(productName, 30),
      h(
        'div',
        { flexGrow: 1, minHeight: 0, alignItems: 'center', gap: 64 },
        h('div', { width: 340, justifyContent: 'center', flexShrink: 0 }, crest(logo, clubName, 320)),
        h(
          'div',
          { flexDirection: 'column', flexGrow: 1, flexShrink: 1, minWidth: 0, gap: 14 },
          kicker(season, 20),
          h(
            'div',
            {
              ...HEAVY,
              fontSize: fitSize(clubName, CLUB_NAME_STEPS, 660),
              lineHeight: 1.02,
              lineClamp: 2,
              display: 'block',
              wordBreak: 'break-word',
            },
            clubName,
          ),
          team ? h('div', { ...BOLD, fontSize: 28, color: 'rgba(255,255,255,0.85)' }, team) : null,
          h(
            'div',
            { marginTop: 18, gap: 40, alignItems: 'flex-end' },
            m.place === null ? null : stat('Platz', `${Math.max(1, Math.round(m.place))}.`, BRAND.yellow),
            m.place === null ? null : h('div', { width: 2, height: 96, backgroundColor: 'rgba(255,255,255,0.25)' }),
            stat('Punkte', String(Math.max(0, Math.round(m.points))), BRAND.white),
          ),
        ),
      ),
      ageLine(15),
    ),
    W,
    H,
    { underlay },
  );
}

/** The podium's steps, in the order they stand (2nd, 1st, 3rd). */
const STEPS = [
  { index: 1, height: 175, fill: '#dfe6ee', ink: BRAND.navy },
  { index: 0, height: 245, fill: BRAND.yellow, ink: BRAND.navy },
  { index: 2, height: 130, fill: '#1d4f80', ink: BRAND.white },
] as const;

const STEP_W = 232;

/** The standings: the top three on a podium. */
export function renderStandingsCard(m: StandingsCardModel): Promise<RenderedImage> {
  return inRenderSlot(() => drawStandingsCard(m));
}

async function drawStandingsCard(m: StandingsCardModel): Promise<RenderedImage> {
  const productName = cardText(m.productName, TEXT_LIMITS.productName);
  const title = cardText(m.title, TEXT_LIMITS.title);
  const rows = m.top.slice(0, 3);
  const logos = await Promise.all(rows.map((row) => containPicture(row.logo, 104)));
  const column = (step: (typeof STEPS)[number]) => {
    const row: StandingsRow | undefined = rows[step.index];
    const clubName = cardText(row?.clubName, TEXT_LIMITS.clubName);
    const place = row ? Math.max(1, Math.round(row.place)) : step.index + 1;
    return h(
      'div',
      { flexDirection: 'column', alignItems: 'center', width: STEP_W, justifyContent: 'flex-end' },
      row
        ? h(
            'div',
            { flexDirection: 'column', alignItems: 'center', gap: 6, paddingBottom: 14, width: STEP_W - 12 },
            crest(logos[step.index] ?? null, clubName, 100),
            h(
              'div',
              {
                ...BOLD,
                fontSize: fitSize(
                  clubName,
                  [
                    [18, 26],
                    [30, 22],
                    [60, 19],
                  ],
                  STEP_W - 16,
                  0.5,
                ),
                lineHeight: 1.1,
                textAlign: 'center',
                lineClamp: 2,
                display: 'block',
                wordBreak: 'break-word',
                marginTop: 6,
              },
              clubName,
            ),
            kicker(cardText(row.team, TEXT_LIMITS.team), 14, 'rgba(255,255,255,0.7)'),
            h('div', { ...HEAVY, fontSize: 26, color: BRAND.yellow, marginTop: 2 }, `${Math.max(0, Math.round(row.points))} Punkte`),
          )
        : null,
      h(
        'div',
        {
          width: STEP_W,
          height: step.height,
          backgroundColor: step.fill,
          opacity: row ? 1 : 0.35,
          borderRadius: '6px 6px 0 0',
          justifyContent: 'center',
          paddingTop: 8,
          ...HEAVY,
          fontSize: step.index === 0 ? 120 : 92,
          lineHeight: 1,
          color: step.ink,
        },
        `${place}`,
      ),
    );
  };
  return renderImage(
    box(
      {},
      h(
        'div',
        { flexDirection: 'column', width: 420, height: H, padding: '48px 0 30px 64px' },
        wordmark(productName, 30),
        h(
          'div',
          { flexDirection: 'column', flexGrow: 1, justifyContent: 'center', gap: 16 },
          kicker('Die Top 3', 20),
          h(
            'div',
            {
              ...HEAVY,
              fontSize: fitSize(
                title,
                [
                  [14, 78],
                  [24, 60],
                  [60, 46],
                ],
                340,
              ),
              lineHeight: 1.02,
              lineClamp: 3,
              display: 'block',
              wordBreak: 'break-word',
            },
            title,
          ),
        ),
        ageLine(15),
      ),
      h('div', { position: 'absolute', right: 40, bottom: 0, height: H - 40, alignItems: 'flex-end', gap: 10 }, ...STEPS.map(column)),
    ),
    W,
    H,
    { underlay: ground(W, H, { cx: 0.7, cy: 0.6 }) },
  );
}

const HEADLINE_STEPS = [
  [20, 92],
  [36, 74],
  [60, 60],
  [80, 52],
] as const;

/** The site's card: headline and line beside a picture (e.g. a challenge's teaser) or the brand's shield. */
export function renderSiteCard(m: SiteCardModel): Promise<RenderedImage> {
  return inRenderSlot(() => drawSiteCard(m));
}

async function drawSiteCard(m: SiteCardModel): Promise<RenderedImage> {
  const productName = cardText(m.productName, TEXT_LIMITS.productName);
  const headline = cardText(m.headline, TEXT_LIMITS.headline);
  const line = cardText(m.line, TEXT_LIMITS.line);
  const picture = await coverPicture(m.picture, 600, H);
  const textWidth = picture ? 560 : 700;
  // The picture fills the right side up to a slant, edged with a yellow stripe.
  const underlay = picture
    ? ground(W, H) +
      `<clipPath id="erd-slant"><path d="M${W - 500} 0 L${W} 0 L${W} ${H} L${W - 600} ${H} Z"/></clipPath>` +
      `<g clip-path="url(#erd-slant)">${svgImage(picture, W - 600, 0, 600, H)}</g>` +
      `<path d="M${W - 530} 0 L${W - 494} 0 L${W - 594} ${H} L${W - 630} ${H} Z" fill="${BRAND.yellow}"/>`
    : ground(W, H, { cx: 0.75, cy: 0.5 }, false) + shieldMarkup(W - 400, 95, 440, 8);
  return renderImage(
    box(
      { flexDirection: 'column', width: textWidth + 64, padding: '48px 0 30px 64px' },
      wordmark(productName, 34),
      h(
        'div',
        { flexDirection: 'column', flexGrow: 1, minHeight: 0, justifyContent: 'center', gap: 22 },
        h(
          'div',
          {
            ...HEAVY,
            fontSize: fitSize(headline, HEADLINE_STEPS, textWidth),
            lineHeight: 1.02,
            lineClamp: 3,
            display: 'block',
            wordBreak: 'break-word',
          },
          headline,
        ),
        line
          ? h(
              'div',
              {
                ...REGULAR,
                fontSize: line.length > 100 ? 26 : 30,
                lineHeight: 1.3,
                color: 'rgba(255,255,255,0.88)',
                lineClamp: 3,
                display: 'block',
              },
              line,
            )
          : null,
      ),
      ageLine(15),
    ),
    W,
    H,
    { underlay, photo: isPhoto(picture) },
  );
}

/**
 * Loads what the first card needs (the fonts, satori's layout engine, resvg, sharp), so the first
 * crawler does not wait for it: about a second on a 2-core machine. Optional; call after the
 * server listens.
 */
export async function warmUpShareCards(): Promise<void> {
  await renderSiteCard({ productName: 'Punktejagd', headline: 'Bereit?', line: 'Los geht’s.' });
}
