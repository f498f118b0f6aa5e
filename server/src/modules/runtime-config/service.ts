import type { RemoteDescriptorDto, RuntimeConfigDto } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { dataPaths, SERVED_REMOTE_NAMES } from '../../config.js';
import { MANIFEST, readCurrentRelease } from '../releases/service.js';
import { RESULTS_BASE } from '../results/files.js';

export const NEWSLETTER_URL = '/api/public/newsletter';

/**
 * Where the browser finds each remote (the site's and the back office's): the released build if
 * there is one, else the workspace build.
 */
export async function listRemotes(ctx: Pick<AppContext, 'config'>): Promise<RemoteDescriptorDto[]> {
  const remotesDir = dataPaths(ctx.config).remotes;
  return Promise.all(
    SERVED_REMOTE_NAMES.map(async (name): Promise<RemoteDescriptorDto> => {
      const current = await readCurrentRelease(remotesDir, name);
      return current
        ? { name, entry: current.entry, release: current.release }
        : { name, entry: `/remotes/${name}/${MANIFEST}` };
    }),
  );
}

/** GET /config.json (contracts `RuntimeConfigDto`): read per request, so a release shows at once. */
export async function getRuntimeConfig({ ctx }: { ctx: Pick<AppContext, 'config'> }): Promise<RuntimeConfigDto> {
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
    remotes: await listRemotes(ctx),
    newsletterUrl: NEWSLETTER_URL,
    resultsBase: RESULTS_BASE,
    serviceEmail: config.serviceEmail,
    social: { ...config.social },
  };
}
