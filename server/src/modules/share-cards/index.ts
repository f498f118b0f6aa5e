/**
 * Share images and the poster (issue 23): pure renderers, no routes, no database. The caller loads
 * the data, caches the result per content version and serves it (modules/share).
 */
export type {
  CardPicture,
  ClubCardModel,
  EntryCardModel,
  EntryShareModel,
  RenderedImage,
  RenderedPoster,
  SiteCardModel,
  StandingsCardModel,
  StandingsRow,
} from './types.js';
export { renderClubCard, renderEntryCard, renderSiteCard, renderStandingsCard, warmUpShareCards } from './cards.js';
export { renderStory } from './story.js';
export { renderPoster } from './poster.js';
export { MAX_BYTES as SHARE_IMAGE_MAX_BYTES } from './render.js';
