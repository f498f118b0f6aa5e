import { createHash } from 'node:crypto';
import {
  berlinToday,
  challengeNumber,
  challengeTimeState,
  formatDayMonth,
  isVoteChallenge,
  paths,
  TEAM_LABELS,
  thumbnailUrl,
  withVia,
  type ChallengeDto,
  type ImageDto,
  type SpaceDataDto,
  type Team,
} from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { topics, type ChangeFeed } from '../cache/changes.js';
import { createKeptValues } from '../cache/kept.js';
import * as contentService from '../content/service.js';
import { getSpaceData } from '../content/service.js';
import { MEDIA_URL_PREFIX } from '../media/store.js';
import { standingRowsOf, type ResultFile } from '../results/files.js';
import type * as ShareCards from '../share-cards/index.js';
import type { CardPicture, EntryCardModel } from '../share-cards/index.js';

// The renderers (satori, resvg, sharp, pdfkit and the fonts) load with the first image: an instance
// nobody shares a link to keeps its memory (the embedded default idles below 200 MB).
let renderers: Promise<typeof ShareCards> | null = null;
const cards = () => (renderers ??= import('../share-cards/index.js'));

/**
 * Share images and the poster (issue 23): the data of an entry, a club, the standings or the site
 * loaded as the content API shows it (published entries only), drawn by modules/share-cards, and
 * kept in memory per content version (modules/cache/kept.ts: until a topic it was made of changes,
 * on any instance, or the Berlin day turns), with a strong ETag of the bytes. The renderers take one
 * render slot per core (share-cards `inRenderSlot`): a burst of crawlers queues. Votes are not on the
 * images, so a vote does not make them anew; a moderation decision, a result or a content edit does.
 */

export interface ShareFile {
  data: Buffer;
  contentType: string;
  etag: string;
}

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'media' | 'uploads' | 'log'> & { changes?: ChangeFeed | null };

const teamLabel = (team: string) => TEAM_LABELS[team as Team] ?? team;
/** Files kept: cards are 50–300 KB. */
const MAX_FILES = 400;
const MAX_BYTES = 64 * 1024 * 1024;
export function createShareFiles({ ctx, resultFile }: { ctx: Ctx; resultFile: (name: string) => Promise<ResultFile> }) {
  const product = ctx.config.productName;
  const files = createKeptValues<ShareFile>({
    feed: ctx.changes ?? null,
    maxEntries: MAX_FILES,
    maxBytes: MAX_BYTES,
    sizeOf: (file) => file.data.length,
  });
  const publicUrl = ctx.config.publicUrl.replace(/\/$/, '');

  /** An image of the season or of an entry by its URL: the media store, the uploads storage; anything else is not fetched. */
  async function picture(url: string | null | undefined): Promise<CardPicture | null> {
    if (!url) return null;
    try {
      if (url.startsWith(`${MEDIA_URL_PREFIX}/`) && !url.startsWith(`${MEDIA_URL_PREFIX}/uploads/`)) {
        const found = await ctx.media.get(url.slice(MEDIA_URL_PREFIX.length + 1));
        return found ? { data: found.data } : null;
      }
      const data = await ctx.uploads.read(url);
      return data ? { data } : null;
    } catch (error) {
      ctx.log.warn({ err: error }, 'a picture for a share image could not be read');
      return null;
    }
  }
  const imageOf = (image: ImageDto | null | undefined) => picture(thumbnailUrl(image ?? undefined) || null);

  async function season(): Promise<SpaceDataDto> {
    return getSpaceData({ ctx, input: { spaceId: ctx.config.spaceId } });
  }

  const rowsOf = (name: string) => standingRowsOf(resultFile, name);

  function challengeOf(space: SpaceDataDto, challengeId: string): ChallengeDto {
    const challenge = (space.year.fields.challenges ?? []).find((c) => c.sys.id === challengeId);
    if (!challenge) throw new NotFoundError('Diese Challenge gibt es nicht.');
    return challenge;
  }

  /** The card model of a published entry of a vote challenge of the current season. */
  async function entryModel(challengeId: string, participationId: string): Promise<{ model: EntryCardModel; topics: string[] }> {
    const space = await season();
    const challenge = challengeOf(space, challengeId);
    const found = isVoteChallenge(challenge) ? await contentService.findPublishedParticipation(ctx.db, participationId) : undefined;
    if (!found || found.participation.challengeId !== challengeId)
      throw new NotFoundError('Diesen Beitrag gibt es nicht (oder er ist noch nicht freigeschaltet).');
    const { participation, club } = found;
    const isPicture = participation.objectTypeId === 'bfv-erd-picture-participation';
    const [entryPicture, logo] = await Promise.all([isPicture ? imageOf(participation.image) : null, picture(club.logourl)]);
    return {
      model: {
        productName: product,
        challengeTitle: challenge.fields.headline,
        challengeNumber: challengeNumber(space.year.fields.challenges ?? [], challengeId) || null,
        kind: isPicture ? 'picture' : 'slogan',
        ...(participation.slogan ? { slogan: participation.slogan } : {}),
        ...(entryPicture ? { picture: entryPicture } : {}),
        clubName: club.clubname,
        team: teamLabel(club.team),
        clubLogo: logo,
        voting: challengeTimeState(challenge, berlinToday(ctx.now())) === 'vote',
      },
      topics: [topics.content, topics.entries(challengeId)],
    };
  }

  const entryUrl = (challengeId: string, participationId: string) => `${publicUrl}${paths.participation(challengeId, participationId)}`;

  function kept(key: string, make: () => Promise<{ image: { data: Buffer; contentType: string }; topics: string[] }>): Promise<ShareFile> {
    return files.get(`${berlinToday(ctx.now())}|${key}`, async () => {
      const { image, topics: made } = await make();
      const etag = `"${createHash('sha1').update(image.data).digest('base64url')}"`;
      return { value: { data: image.data, contentType: image.contentType, etag }, topics: made };
    });
  }

  return {
    entryCard: (challengeId: string, participationId: string) =>
      kept(`entry|${challengeId}|${participationId}`, async () => {
        const { model, topics: made } = await entryModel(challengeId, participationId);
        return { image: await (await cards()).renderEntryCard(model), topics: made };
      }),
    story: (challengeId: string, participationId: string) =>
      kept(`story|${challengeId}|${participationId}`, async () => {
        const { model, topics: made } = await entryModel(challengeId, participationId);
        return {
          image: await (await cards()).renderStory({ ...model, url: withVia(entryUrl(challengeId, participationId), 'story') }),
          topics: made,
        };
      }),
    poster: (challengeId: string, participationId: string) =>
      kept(`poster|${challengeId}|${participationId}`, async () => {
        const { model, topics: made } = await entryModel(challengeId, participationId);
        return {
          image: await (await cards()).renderPoster({ ...model, url: withVia(entryUrl(challengeId, participationId), 'qr') }),
          topics: made,
        };
      }),
    clubCard: (clubId: string) =>
      kept(`club|${clubId}`, async () => {
        const space = await season();
        const club = await contentService.findClub(ctx.db, clubId);
        if (!club) throw new NotFoundError('Diesen Verein gibt es nicht.');
        const yearId = space.year.sys.id;
        const row = (await rowsOf(`overall-${yearId}.json`)).find((r) => r.club._id === clubId);
        const image = await (
          await cards()
        ).renderClubCard({
          productName: product,
          clubName: club.clubname,
          team: teamLabel(club.team),
          logo: await picture(club.logourl),
          place: row?.place ?? null,
          points: row?.points ?? 0,
          seasonLabel: `Saison ${space.year.fields.year}`,
        });
        return { image, topics: [topics.content, topics.result('overall', yearId)] };
      }),
    standingsCard: () =>
      kept('standings', async () => {
        const space = await season();
        const yearId = space.year.sys.id;
        const rows = (await rowsOf(`overall-${yearId}.json`)).slice(0, 3);
        const top = await Promise.all(
          rows.map(async (row) => ({
            place: row.place,
            clubName: row.club.clubname,
            team: teamLabel(row.club.team),
            points: row.points,
            logo: await picture(row.club.logourl),
          })),
        );
        const image = await (
          await cards()
        ).renderStandingsCard({ productName: product, title: `Gesamttabelle ${space.year.fields.year}`, top });
        return { image, topics: [topics.content, topics.result('overall', yearId)] };
      }),
    siteCard: () =>
      kept('site', async () => {
        let line = 'Challenges, Abstimmungen und Tabelle für Amateurfußballvereine';
        try {
          const space = await season();
          line = `Saison ${space.year.fields.year}: ${line}`;
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
        }
        return {
          image: await (await cards()).renderSiteCard({ productName: product, headline: 'Bereit zu punkten?', line }),
          topics: [topics.content],
        };
      }),
    challengeCard: (challengeId: string) =>
      kept(`challenge|${challengeId}`, async () => {
        const space = await season();
        const challenge = challengeOf(space, challengeId);
        const number = challengeNumber(space.year.fields.challenges ?? [], challengeId);
        const state = challengeTimeState(challenge, berlinToday(ctx.now()));
        const when =
          state === 'upcoming'
            ? `Startet am ${formatDayMonth(challenge.fields.startDate)}`
            : state === 'finished'
              ? 'Beendet: die Ergebnisse stehen in der Tabelle'
              : state === 'vote'
                ? 'Jetzt abstimmen'
                : `Mitmachen bis ${formatDayMonth(isVoteChallenge(challenge) ? challenge.fields.endDateSubmission : challenge.fields.endDate)}`;
        const image = await (
          await cards()
        ).renderSiteCard({
          productName: product,
          headline: `#${number} ${challenge.fields.headline}`,
          line: when,
          picture: await imageOf(challenge.fields.teaserImage),
        });
        return { image, topics: [topics.content] };
      }),
    get stats() {
      return files.stats;
    },
  };
}

export type ShareFiles = ReturnType<typeof createShareFiles>;
