/** GET /config.json: the runtime configuration the host reads at start (nothing of it is baked into a build). */
import type { z } from 'zod';
import type { remoteDescriptorSchema, runtimeConfigSchema } from './schemas/content.js';

/** A remote's entry (`schemas/content.ts` `remoteDescriptorSchema`). */
export type RemoteDescriptorDto = z.infer<typeof remoteDescriptorSchema>;

/** The whole answer (`schemas/content.ts` `runtimeConfigSchema`). */
export type RuntimeConfigDto = z.infer<typeof runtimeConfigSchema>;

/**
 * The site's remotes. The back office's remote (`mf_backoffice`) is in `./backoffice`, not here:
 * this module is part of the browser entry every public page downloads. The server serves and
 * lists both (server/src/config.ts `SERVED_REMOTE_NAMES`).
 */
export const REMOTE_NAMES = ['mf_auth', 'mf_challenges', 'mf_standings', 'mf_profile'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
