/**
 * What the share images and the poster show (issue 23). The caller loads the data (published
 * entries only), caches the result per content version and serves it; the renderers only draw.
 *
 * Every text here is user text or season text: the renderers clean it (control and bidi control
 * characters removed, characters the card font has no glyph for left out, whitespace collapsed)
 * and cut it to a sane length before layout, so a hostile or huge value costs no more than a
 * normal one. The caller passes plain text: no markup, no HTML entities.
 *
 * Output: each render function answers `{ data, contentType }`. A card or story is a PNG
 * (`image/png`) when the PNG is within the 300 KB budget, which every card without a photo is
 * (65–110 KB); a card or story showing a photo is a JPEG (`image/jpeg`, 4:4:4, quality 88 and lower
 * until it fits), since a full-colour PNG of a photo is 0.6–1 MB and a 256-colour one is slow to
 * make and visibly grainy. So the caller serves the type it is given (and `og:image:type` if it
 * names one). The poster is a PDF (`application/pdf`). See
 * docs/decisions/0017-share-images-rendered-on-the-server.md.
 */

/** What a card or the story renders to. */
export interface RenderedImage {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/** What the poster renders to. */
export interface RenderedPoster {
  data: Buffer;
  contentType: 'application/pdf';
}

/**
 * An image as stored (any format sharp reads: WebP, JPEG, PNG, SVG, GIF). The renderer crops and
 * scales it to its box (a picture entry: 620×630 on a card, 740×740 on the story), so the stored
 * 1024-pixel WebP rendition is the one to pass; a picture that does not decode is left out.
 */
export interface CardPicture {
  data: Buffer;
}

/** An entry of a vote challenge (picture or slogan), for its link preview, story and poster. */
export interface EntryCardModel {
  /** The product name (config `productName`), drawn as the wordmark. */
  productName: string;
  challengeTitle: string;
  /** The challenge's number in the season (1-based), or null to leave it out. */
  challengeNumber: number | null;
  kind: 'slogan' | 'picture';
  /** The slogan of a slogan entry (at most 200 characters in the app; longer text is shortened). */
  slogan?: string;
  /** The picture of a picture entry. */
  picture?: CardPicture;
  clubName: string;
  /** The team's label, already in German ('Herren' | 'Damen'). */
  team: string;
  clubLogo?: CardPicture | null;
  /** While voting runs: the card says 'Jetzt abstimmen'. */
  voting: boolean;
}

/**
 * The story (1080×1920) and the poster also print the entry's link (absolute, with its `via`) and
 * a QR code of it. A link longer than 400 characters is refused (RangeError): a QR code of it
 * would be too dense to scan from a poster.
 */
export type EntryShareModel = EntryCardModel & { url: string };

/** A club's page: logo (or a shield), name, team, place and points. */
export interface ClubCardModel {
  productName: string;
  clubName: string;
  team: string;
  logo?: CardPicture | null;
  /** The place in the standings, or null before the first results. */
  place: number | null;
  points: number;
  /** e.g. 'Saison 2026'. */
  seasonLabel: string;
}

export interface StandingsRow {
  place: number;
  clubName: string;
  team: string;
  points: number;
  logo?: CardPicture | null;
}

/** The standings: a podium of the top three (0–3 rows; fewer rows leave the steps empty). */
export interface StandingsCardModel {
  productName: string;
  title: string;
  top: StandingsRow[];
}

/** The site's own card: home, the challenge overview, a challenge's list, legal pages. */
export interface SiteCardModel {
  productName: string;
  headline: string;
  line: string;
  /** e.g. the challenge's teaser image; without one the card shows the brand's shield. */
  picture?: CardPicture | null;
}
