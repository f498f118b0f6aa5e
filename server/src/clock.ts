import { shiftedNow } from '@erd/shared-contracts/wire';
import type { ServerConfig } from './config.js';

/**
 * The app clock (`ctx.now`) of the server and of the CLI: real time moved by CLOCK_OFFSET_DAYS, by
 * the same rule the pages apply to the offset /config.json gives them (contracts `shiftedNow`), so
 * a staging rehearsal sees one day everywhere: a challenge open for the server is open for
 * `results publish` and on the screens. Identity (sign-in, tokens, codes, locks) keeps `realNow`.
 */
export function appClock(config: Pick<ServerConfig, 'clockOffsetDays'>, realNow: () => Date = () => new Date()): () => Date {
  return () => shiftedNow(config.clockOffsetDays, realNow());
}
