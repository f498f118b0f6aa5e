import type { RemoteDescriptorDto, RuntimeConfigDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { SERVED_REMOTE_NAMES } from '../../config.js';
import type { ReleaseReader } from '../releases/reader.js';
import { MANIFEST } from '../releases/service.js';
import { RESULTS_BASE } from '../results/files.js';

export const NEWSLETTER_URL = '/api/public/newsletter';

/**
 * Where the browser finds each remote (the site's and the back office's): the released build if
 * there is one, else the workspace build.
 */
export async function listRemotes(releases: ReleaseReader): Promise<RemoteDescriptorDto[]> {
  return Promise.all(
    SERVED_REMOTE_NAMES.map(async (name): Promise<RemoteDescriptorDto> => {
      const current = await releases.live(name);
      return current ? { name, entry: current.entry, release: current.release } : { name, entry: `/remotes/${name}/${MANIFEST}` };
    }),
  );
}

/**
 * GET /config.json (contracts `RuntimeConfigDto`): the live releases as every instance knows them
 * now (read per request, or kept until the change feed says a release changed), so a release shows
 * at the next page load.
 */
export async function getRuntimeConfig({
  ctx,
  releases,
}: {
  ctx: Pick<AppContext, 'config'>;
  releases: ReleaseReader;
}): Promise<RuntimeConfigDto> {
  const { config } = ctx;
  return {
    productName: config.productName,
    publicUrl: config.publicUrl,
    contentApi: { base: config.contentApiBase, spaceId: config.spaceId },
    identity: {
      region: config.identity.region,
      userPoolId: config.identity.userPoolId,
      clientId: config.identity.clientId,
      endpoint: config.identity.endpoint,
    },
    remotes: await listRemotes(releases),
    newsletterUrl: NEWSLETTER_URL,
    resultsBase: RESULTS_BASE,
    serviceEmail: config.serviceEmail,
    social: { ...config.social },
    // The pages add it to their own clock (not a fixed day: a page left open stays right across midnight).
    clockOffsetDays: config.clockOffsetDays,
  };
}
