import { SHARE_STORY } from '@erd/shared-contracts/wire';
import { BRAND, svgUri } from './brand.js';
import { clubBlock, sloganBlock } from './cards.js';
import { ageLine, BOLD, challengeLabel, cornerStripes, ground, HEAVY, kicker, REGULAR, wordmark } from './parts.js';
import { qrSvg } from './qr.js';
import { containPicture, coverPicture, inRenderSlot, h, img, isPhoto, renderImage, svgImage } from './render.js';
import { displayUrl, entryTexts, fitSize } from './text.js';
import type { EntryShareModel, RenderedImage } from './types.js';

/**
 * The story image (1080×1920, Instagram and WhatsApp status): the entry large, the club, and a
 * white panel with the QR code of the entry's link and the link as text. Zones are fixed, so the
 * picture (drawn beneath the layout, turned a little like a print pinned to a board) and the
 * layout meet.
 */

const W = SHARE_STORY.width;
const H = SHARE_STORY.height;
/** The zones from the top (px). Instagram lays its bar over the top ~250 px and its reply field over the bottom ~250 px: the QR panel ends above that. */
const PAD_TOP = 110;
const WORDMARK = 54;
const TITLE_ZONE = { marginTop: 40, height: 220 };
const PHOTO = 740;
const ENTRY_ZONE = PHOTO + 80;
const PHOTO_TOP = PAD_TOP + Math.round(WORDMARK * 1.32) + TITLE_ZONE.marginTop + TITLE_ZONE.height + (ENTRY_ZONE - PHOTO) / 2;

const STORY_SLOGAN_STEPS = [
  [30, 132],
  [60, 112],
  [100, 92],
  [150, 78],
  [200, 66],
] as const;

export function renderStory(m: EntryShareModel): Promise<RenderedImage> {
  return inRenderSlot(() => drawStory(m));
}

async function drawStory(m: EntryShareModel): Promise<RenderedImage> {
  const { productName, challengeTitle, clubName, team, url, slogan } = entryTexts(m);
  const [logo, photo] = await Promise.all([
    containPicture(m.clubLogo, 160),
    m.kind === 'picture' ? coverPicture(m.picture, PHOTO, PHOTO) : Promise.resolve(null),
  ]);
  const qr = svgUri(qrSvg(m.url));

  const centre = { x: W / 2, y: PHOTO_TOP + PHOTO / 2 };
  const print = photo
    ? `<g transform="rotate(-2.5 ${centre.x} ${centre.y})">` +
      `<rect x="${centre.x - PHOTO / 2 - 18}" y="${PHOTO_TOP - 18}" width="${PHOTO + 36}" height="${PHOTO + 36}" fill="${BRAND.white}"/>` +
      svgImage(photo, centre.x - PHOTO / 2, PHOTO_TOP, PHOTO, PHOTO) +
      '</g>' +
      `<rect x="${centre.x - 90}" y="${PHOTO_TOP - 44}" width="180" height="46" fill="${BRAND.yellow}" opacity="0.92" transform="rotate(3 ${centre.x} ${PHOTO_TOP})"/>`
    : '';
  const underlay =
    ground(W, H, { cx: 0.5, cy: 0.4 }, false) +
    cornerStripes(W, 1.6) +
    `<g transform="rotate(180 ${W / 2} ${H / 2})">${cornerStripes(W, 1.1)}</g>` +
    print;

  return renderImage(
    h(
      'div',
      { width: W, height: H, flexDirection: 'column', alignItems: 'center', color: BRAND.white, padding: `${PAD_TOP}px 80px 56px` },
      wordmark(productName, WORDMARK),
      h(
        'div',
        { flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 18, ...TITLE_ZONE, width: '100%' },
        kicker(challengeLabel(m.challengeNumber), 28),
        h(
          'div',
          {
            ...HEAVY,
            fontSize: fitSize(
              challengeTitle,
              [
                [24, 76],
                [44, 62],
                [80, 50],
              ],
              900,
            ),
            lineHeight: 1.05,
            textAlign: 'center',
            lineClamp: 2,
            display: 'block',
            wordBreak: 'break-word',
          },
          challengeTitle,
        ),
      ),
      // The entry's zone: the picture is drawn beneath, the slogan set here.
      h(
        'div',
        { height: ENTRY_ZONE, width: '100%', alignItems: 'center', justifyContent: 'center' },
        m.kind === 'picture' ? null : sloganBlock(slogan, STORY_SLOGAN_STEPS, 920, 7, 'center'),
      ),
      h(
        'div',
        { justifyContent: 'center', width: '100%', height: 130, marginTop: 6, alignItems: 'center' },
        clubBlock(logo, clubName, team, 40, 900),
      ),
      h(
        'div',
        {
          marginTop: 16,
          width: '100%',
          backgroundColor: BRAND.white,
          borderRadius: 20,
          padding: 28,
          gap: 32,
          alignItems: 'center',
          color: BRAND.navy,
        },
        img(qr, 236, 236),
        h(
          'div',
          { flexDirection: 'column', gap: 12, flexGrow: 1, flexShrink: 1, minWidth: 0 },
          h('div', { ...HEAVY, fontSize: 56, lineHeight: 1 }, m.voting ? 'Jetzt abstimmen!' : 'Jetzt ansehen!'),
          h('div', { ...REGULAR, fontSize: 28, color: BRAND.muted, lineHeight: 1.2 }, 'QR-Code scannen oder Link öffnen:'),
          h('div', { ...BOLD, fontSize: 26, lineHeight: 1.2, lineClamp: 2, display: 'block', wordBreak: 'break-all' }, displayUrl(url)),
        ),
      ),
      h('div', { marginTop: 30 }, ageLine(22)),
    ),
    W,
    H,
    { underlay, photo: isPhoto(photo) },
  );
}
