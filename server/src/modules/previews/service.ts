import {
  berlinToday,
  challengeNumber,
  challengeTimeState,
  formatDayMonth,
  isLegalPath,
  isVoteChallenge,
  paths,
  SHARE_CARD,
  sharePaths,
  TEAM_LABELS,
  type ChallengeDto,
  type SpaceDataDto,
  type StandingRowDto,
  type Team,
} from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { topics } from '../cache/changes.js';
import * as contentService from '../content/service.js';
import { getSpaceData } from '../content/service.js';
import { standingRowsOf, type ResultFile } from '../results/files.js';
import { getPublicSeasons } from '../seasons-public/service.js';

/**
 * What a shared link shows before anyone runs JavaScript (issue 23): per public route its title,
 * description, canonical path and share image, from the season as it is now, and the HTTP status
 * (404 for an unknown challenge, entry, table or club: the same rules as the content API, so an
 * unpublished or rejected entry never shows). The web route writes it into the page's head
 * (./head.ts) and keeps the page until one of `topics` changes or the Berlin day turns.
 */

export interface PreviewImage {
  /** A path on this site (made absolute with PUBLIC_URL in the head). */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface Preview {
  status: 200 | 404;
  /** The whole `<title>` (with the product name). */
  title: string;
  description: string;
  /** The canonical path (no query: `via` and the like are dropped). */
  path: string;
  type: 'website' | 'article' | 'profile';
  image: PreviewImage;
  /** Pages that are nobody's landing page (login, profile, …) ask not to be indexed. */
  noindex?: boolean;
}

export interface PreviewOf {
  preview: Preview;
  /** The change feed topics the preview was made of (modules/cache/changes.ts). */
  topics: string[];
}

/** What an entry or club page links to: used for the reach counts too. */
export type PreviewTarget = { kind: 'entry'; challengeId: string; participationId: string } | { kind: 'club'; clubId: string } | null;

type Ctx = Pick<AppContext, 'db' | 'config' | 'now'>;

export interface PreviewSources {
  ctx: Ctx;
  /** The published result files (modules/results/files.ts). */
  resultFile: (name: string) => Promise<ResultFile>;
}

/** Descriptions are cut here (what previews show is shorter still). */
const DESCRIPTION_MAX = 240;
const TITLE_PART_MAX = 90;

/** One line of readable text: no control or bidi characters, collapsed spaces, cut with an ellipsis. */
export function cleanText(value: string, max: number): string {
  const flat = value
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const teamLabel = (team: string) => TEAM_LABELS[team as Team] ?? team;
const clubLabel = (name: string, team: string) => `${cleanText(name, 60)} (${teamLabel(team)})`;
const points = (n: number) => (n === 1 ? '1 Punkt' : `${n.toLocaleString('de-DE')} Punkte`);

function phaseLine(challenge: ChallengeDto, today: string): string {
  const state = challengeTimeState(challenge, today);
  if (state === 'finished') return 'Beendet – die Ergebnisse stehen in der Tabelle.';
  if (state === 'upcoming') return `Startet am ${formatDayMonth(challenge.fields.startDate)}.`;
  if (isVoteChallenge(challenge)) {
    const f = challenge.fields;
    if (state === 'submit')
      return `Beiträge bis ${formatDayMonth(f.endDateSubmission)} einreichen, Abstimmung ab ${formatDayMonth(f.startDateVoting)}.`;
    return `Jetzt abstimmen – bis ${formatDayMonth(f.endDateVoting)}.`;
  }
  return `Mitmachen bis ${formatDayMonth(challenge.fields.endDate)}.`;
}

function podium(rows: readonly StandingRowDto[]): string {
  return rows
    .slice(0, 3)
    .map((row) => `${row.place}. ${clubLabel(row.club.clubname, row.club.team)} ${points(row.points)}`)
    .join(' · ');
}

const segment = (pathname: string, re: RegExp): string[] | null => {
  const match = re.exec(pathname);
  if (!match) return null;
  try {
    return match.slice(1).map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
};

const LEGAL_TITLES: Record<string, string> = {
  terms: 'Teilnahmebedingungen',
  dataProtection: 'Datenschutz',
  dataprotection: 'Datenschutz',
  imprint: 'Impressum',
};

/** The pages of an account (forms): their own title, not indexed. */
const FORM_TITLES: Record<string, string> = {
  login: 'Einloggen',
  registration: 'Registrierung',
  confirmation: 'E-Mail bestätigen',
  'restore-password': 'Passwort vergessen',
  'change-password': 'Neues Passwort',
  profil: 'Profil',
  delete: 'Konto löschen',
  'delete-confirmation': 'Konto gelöscht',
};

export function createPreviews({ ctx, resultFile }: PreviewSources) {
  const product = ctx.config.productName;
  const siteImage = (alt: string): PreviewImage => ({ path: sharePaths.siteCard, ...SHARE_CARD, alt });
  const titled = (part: string) => `${cleanText(part, TITLE_PART_MAX)} – ${product}`;

  const rowsOf = (name: string) => standingRowsOf(resultFile, name);

  function notFound(pathname: string): PreviewOf {
    return {
      preview: {
        status: 404,
        title: `kein Treffer – ${product}`,
        description: `Diese Seite gibt es nicht. Aber bei der ${product} kassierst du trotzdem Punkte!`,
        path: pathname,
        type: 'website',
        image: siteImage(product),
        noindex: true,
      },
      topics: [topics.content],
    };
  }

  function home(season: SpaceDataDto, today: string): PreviewOf {
    const challenges = season.year.fields.challenges ?? [];
    const running = challenges.filter((c) => {
      const state = challengeTimeState(c, today);
      return state !== 'upcoming' && state !== 'finished';
    });
    const now = running.length
      ? `Jetzt läuft: ${running.map((c) => `#${challengeNumber(challenges, c.sys.id)} ${cleanText(c.fields.headline, 60)}`).join(', ')}.`
      : challenges.length
        ? `${challenges.length} Challenges in der Saison ${season.year.fields.year}.`
        : '';
    return {
      preview: {
        status: 200,
        title: `${product} – Bereit zu punkten?`,
        description: cleanText(`Die ${product} für Amateurfußballvereine: Challenges, Abstimmungen und Tabelle. ${now}`, DESCRIPTION_MAX),
        path: '/',
        type: 'website',
        image: siteImage(`${product} – Bereit zu punkten?`),
      },
      topics: [topics.content],
    };
  }

  function overview(season: SpaceDataDto, today: string): PreviewOf {
    const challenges = season.year.fields.challenges ?? [];
    const lines = challenges.map((c, i) => `#${i + 1} ${cleanText(c.fields.headline, 50)}: ${phaseLine(c, today)}`);
    return {
      preview: {
        status: 200,
        title: `Die Challenges – ${product}`,
        description: cleanText(lines.length ? lines.join(' ') : 'Die Challenges der Saison kommen bald.', DESCRIPTION_MAX),
        path: '/challenge',
        type: 'website',
        image: siteImage(`Die Challenges der ${product}`),
      },
      topics: [topics.content],
    };
  }

  function challengePage(season: SpaceDataDto, challenge: ChallengeDto, today: string, path: string): PreviewOf {
    const challenges = season.year.fields.challenges ?? [];
    const number = challengeNumber(challenges, challenge.sys.id);
    const headline = cleanText(challenge.fields.headline, TITLE_PART_MAX);
    const about = challenge.fields.teasertext ?? challenge.fields.question ?? '';
    const vote = isVoteChallenge(challenge);
    return {
      preview: {
        status: 200,
        title: vote ? `${headline}: Stöbern – ${product}` : titled(headline),
        description: cleanText(`#${number} ${headline}. ${phaseLine(challenge, today)} ${about}`, DESCRIPTION_MAX),
        path,
        type: 'website',
        image: { path: sharePaths.challengeCard(challenge.sys.id), ...SHARE_CARD, alt: `#${number} ${headline}` },
      },
      topics: [topics.content, topics.entries(challenge.sys.id)],
    };
  }

  async function entryPage(
    season: SpaceDataDto,
    challenge: ChallengeDto,
    participationId: string,
    today: string,
    path: string,
  ): Promise<PreviewOf> {
    const found = isVoteChallenge(challenge) ? await contentService.findPublishedParticipation(ctx.db, participationId) : undefined;
    const entryTopics = [topics.content, topics.entries(challenge.sys.id)];
    if (!found || found.participation.challengeId !== challenge.sys.id) return { ...notFound(path), topics: entryTopics };
    const { participation, club } = found;
    const headline = cleanText(challenge.fields.headline, TITLE_PART_MAX);
    const by = clubLabel(club.clubname, club.team);
    const voting = challengeTimeState(challenge, today) === 'vote';
    const slogan = participation.slogan ? cleanText(participation.slogan, 200) : null;
    const call = voting ? ' Jetzt abstimmen!' : '';
    const description = slogan
      ? `„${slogan}“ – der Spruch von ${by} bei „${headline}“.${call}`
      : `Das Bild von ${by} bei „${headline}“.${call}`;
    return {
      preview: {
        status: 200,
        title: `${headline}: ${slogan ? 'Spruch' : 'Bild'} von ${cleanText(club.clubname, 60)} – ${product}`,
        description: cleanText(description, DESCRIPTION_MAX),
        path,
        type: 'article',
        image: {
          path: sharePaths.entryCard(challenge.sys.id, participation.id),
          ...SHARE_CARD,
          alt: slogan ? `„${slogan}“ – ${by}` : `Bild von ${by} zur Challenge „${headline}“`,
        },
      },
      topics: entryTopics,
    };
  }

  async function standings(season: SpaceDataDto): Promise<PreviewOf> {
    const yearId = season.year.sys.id;
    const rows = await rowsOf(`overall-${yearId}.json`);
    return {
      preview: {
        status: 200,
        title: `Gesamttabelle – ${product}`,
        description: cleanText(
          rows.length
            ? `Saison ${season.year.fields.year}: ${podium(rows)}`
            : `Saison ${season.year.fields.year}: Die ersten Punkte werden bald vergeben.`,
          DESCRIPTION_MAX,
        ),
        path: '/tabelle',
        type: 'website',
        image: { path: sharePaths.standingsCard, ...SHARE_CARD, alt: `Gesamttabelle der ${product}` },
      },
      topics: [topics.content, topics.result('overall', yearId)],
    };
  }

  /** `/tabelle?saison=2025`: an ended season's final table (issue 26), its own canonical address. */
  async function archivedStandings(yearId: string, year: number): Promise<PreviewOf> {
    const rows = await rowsOf(`overall-${yearId}.json`);
    return {
      preview: {
        status: 200,
        title: `Gesamttabelle ${year} – ${product}`,
        description: cleanText(
          rows.length ? `Endstand der Saison ${year}: ${podium(rows)}` : `Saison ${year}: Die Gesamttabelle wurde nicht veröffentlicht.`,
          DESCRIPTION_MAX,
        ),
        path: paths.seasonStandings(year),
        type: 'website',
        image: { path: sharePaths.standingsCard, ...SHARE_CARD, alt: `Gesamttabelle ${year} der ${product}` },
      },
      topics: [topics.content, topics.result('overall', yearId)],
    };
  }

  async function challengeStandings(challenge: { id: string; headline: string; number: number }, path: string): Promise<PreviewOf> {
    const { number } = challenge;
    const headline = cleanText(challenge.headline, TITLE_PART_MAX);
    const rows = await rowsOf(`challenge-${challenge.id}.json`);
    return {
      preview: {
        status: 200,
        title: `#${number} ${headline}: Tabelle – ${product}`,
        description: cleanText(
          rows.length
            ? `Tabelle #${number} ${headline}: ${podium(rows)}`
            : `#${number} ${headline}: Die Ergebnisse folgen nach dem Ende der Challenge.`,
          DESCRIPTION_MAX,
        ),
        path,
        type: 'website',
        image: { path: sharePaths.challengeCard(challenge.id), ...SHARE_CARD, alt: `#${number} ${headline}` },
      },
      topics: [topics.content, topics.result('challenge', challenge.id)],
    };
  }

  async function clubPage(season: SpaceDataDto, clubId: string, path: string): Promise<PreviewOf> {
    const club = await contentService.findClub(ctx.db, clubId);
    const yearId = season.year.sys.id;
    const clubTopics = [topics.content, topics.result('overall', yearId)];
    if (!club) return { ...notFound(path), topics: clubTopics };
    const row = (await rowsOf(`overall-${yearId}.json`)).find((r) => r.club._id === club.id);
    const by = clubLabel(club.clubname, club.team);
    return {
      preview: {
        status: 200,
        title: `${by} – ${product}`,
        description: cleanText(
          row
            ? `${by}: Platz ${row.place} mit ${points(row.points)} in der Gesamttabelle der Saison ${season.year.fields.year}.`
            : `${by} bei der ${product}: noch ohne Punkte in der Saison ${season.year.fields.year}.`,
          DESCRIPTION_MAX,
        ),
        path,
        type: 'profile',
        image: {
          path: sharePaths.clubCard(club.id),
          ...SHARE_CARD,
          alt: `${by}${row ? `: Platz ${row.place}, ${points(row.points)}` : ''}`,
        },
      },
      topics: clubTopics,
    };
  }

  /** An ended season by its year number, or a challenge of one (the public archive, issue 26). */
  async function archive() {
    const { seasons } = await getPublicSeasons({ ctx });
    return seasons.filter((s) => s.state === 'ended');
  }

  /**
   * The preview of `pathname` (the request's path, not decoded); `season`: the year number of
   * `/tabelle?saison=` (a season's final table).
   */
  async function previewOf(pathname: string, { season: seasonYear }: { season?: number } = {}): Promise<PreviewOf> {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const legal = isLegalPath(path) ? path.slice(1) : null;
    if (legal) {
      return {
        preview: {
          status: 200,
          title: titled(LEGAL_TITLES[legal]!),
          description: `${LEGAL_TITLES[legal]} der ${product}.`,
          path,
          type: 'website',
          image: siteImage(product),
        },
        topics: [topics.content],
      };
    }
    const form = /^\/([a-z-]+)$/.exec(path)?.[1];
    if (form && FORM_TITLES[form]) {
      return {
        preview: {
          status: 200,
          title: titled(FORM_TITLES[form]),
          description: `Die ${product} für Amateurfußballvereine: Challenges, Abstimmungen und Tabelle.`,
          path,
          type: 'website',
          image: siteImage(product),
          noindex: true,
        },
        topics: [topics.content],
      };
    }
    let season: SpaceDataDto;
    try {
      season = await getSpaceData({ ctx, input: { spaceId: ctx.config.spaceId } });
    } catch (error) {
      // No season yet: the site's pages keep the site's own head (their screens say that it starts soon).
      if (!(error instanceof NotFoundError)) throw error;
      const early: Record<string, string> = {
        '/': `${product} – Bereit zu punkten?`,
        '/challenge': `Die Challenges – ${product}`,
        '/tabelle': `Gesamttabelle – ${product}`,
      };
      if (early[path]) {
        return {
          preview: {
            status: 200,
            title: early[path],
            description: `Die ${product} für Amateurfußballvereine: Challenges, Abstimmungen und Tabelle.`,
            path,
            type: 'website',
            image: siteImage(product),
          },
          topics: [topics.content],
        };
      }
      return notFound(path);
    }
    const today = berlinToday(ctx.now());
    const challenges = season.year.fields.challenges ?? [];
    const challengeById = (id: string) => challenges.find((c) => c.sys.id === id);

    if (path === '/') return home(season, today);
    if (path === '/challenge') return overview(season, today);
    if (path === '/tabelle') {
      if (seasonYear === undefined || seasonYear === season.year.fields.year) return standings(season);
      const ended = (await archive()).find((s) => s.year === seasonYear);
      return ended ? archivedStandings(ended.id, ended.year) : notFound(paths.seasonStandings(seasonYear));
    }
    const entry = segment(path, /^\/challenge\/([^/]+)\/([^/]+)$/);
    if (entry) {
      const challenge = challengeById(entry[0]!);
      return challenge ? entryPage(season, challenge, entry[1]!, today, path) : notFound(path);
    }
    const browse = segment(path, /^\/challenge\/([^/]+)$/);
    if (browse) {
      const challenge = challengeById(browse[0]!);
      return challenge ? challengePage(season, challenge, today, path) : notFound(path);
    }
    const table = segment(path, /^\/tabelle\/([^/]+)$/);
    if (table) {
      const challenge = challengeById(table[0]!);
      if (challenge)
        return challengeStandings(
          { id: challenge.sys.id, headline: challenge.fields.headline, number: challengeNumber(challenges, challenge.sys.id) },
          path,
        );
      // A challenge of an ended season keeps its table's address.
      const archived = (await archive()).flatMap((s) => s.challenges).find((c) => c.id === table[0]);
      return archived ? challengeStandings(archived, path) : notFound(path);
    }
    const club = segment(path, /^\/club\/([^/]+)$/);
    if (club) return clubPage(season, club[0]!, path);
    return notFound(path);
  }

  return { previewOf };
}

export type Previews = ReturnType<typeof createPreviews>;

/** The entry or club a page shows (for the reach counts), from its path; null for other pages. */
export function previewTarget(pathname: string): PreviewTarget {
  const entry = segment(pathname, /^\/challenge\/([^/]+)\/([^/]+)\/?$/);
  if (entry) return { kind: 'entry', challengeId: entry[0]!, participationId: entry[1]! };
  const club = segment(pathname, /^\/club\/([^/]+)\/?$/);
  if (club) return { kind: 'club', clubId: club[0]! };
  return null;
}
