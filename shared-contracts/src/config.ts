/** GET /config.json: the runtime configuration the host reads at start (nothing of it is baked into a build). */

export interface RemoteDescriptorDto {
  /** Module Federation container name, e.g. `mf_challenges`. */
  name: string;
  /** URL of the remote's `mf-manifest.json` (absolute or relative to the site). */
  entry: string;
  /** Release id the entry points to (for diagnostics). */
  release?: string;
}

export interface RuntimeConfigDto {
  productName: string;
  publicUrl: string;
  contentApi: { base: string; spaceId: string };
  identity: { region: string; userPoolId: string; clientId: string; endpoint?: string };
  remotes: RemoteDescriptorDto[];
  newsletterUrl: string;
  resultsBase: string;
  serviceEmail: string;
  social: { facebook: string; youtube: string; tiktok: string; instagram: string };
  /**
   * The server's CLOCK_OFFSET_DAYS (0 but in a staging rehearsal): the pages add it to their own
   * clock for every phase decision (contracts `berlinToday`), so they show the server's day.
   * Identity keeps real time. Optional: a server from before the field sends none (= 0).
   */
  clockOffsetDays?: number;
}

/**
 * The site's remotes. The back office's remote (`mf_backoffice`) is in `./backoffice`, not here:
 * this module is part of the browser entry every public page downloads. The server serves and
 * lists both (server/src/config.ts `SERVED_REMOTE_NAMES`).
 */
export const REMOTE_NAMES = ['mf_auth', 'mf_challenges', 'mf_standings', 'mf_profile'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
