/**
 * The only file that talks to the Module Federation runtime: registers the remotes the server
 * lists in /config.json and loads exposed modules with a timeout. Remote locations are never
 * baked into the host build, so a remote released on its own shows up on the next page load.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteDescriptorDto, RemoteName } from '@erd/shared-contracts';
import type { BackofficeRemoteName } from '@erd/shared-contracts/backoffice';
import { resolveServiceUrl } from '@erd/shared-contracts';
import { fetchTimeoutPlugin } from './timeout-plugin';

export const REMOTE_TIMEOUT_MS = 10_000;

let known = new Map<string, RemoteDescriptorDto>();

export function registerRemotesFromConfig(remotes: readonly RemoteDescriptorDto[]): void {
  registerPlugins([fetchTimeoutPlugin(REMOTE_TIMEOUT_MS)]);
  known = new Map(remotes.map((r) => [r.name, r]));
  registerRemotes(
    remotes.map((r) => ({ name: r.name, entry: resolveServiceUrl(r.entry) })),
    { force: true },
  );
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: unknown,
  ) {
    super(`Remote ${remote} could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads `./Module` of a remote. `retry` re-registers the remote first, dropping whatever the
 * runtime cached of a failed attempt.
 */
export async function loadRemoteModule<T>(remote: RemoteName | BackofficeRemoteName, exposed: string, { retry = false } = {}): Promise<T> {
  const descriptor = known.get(remote);
  if (!descriptor) throw new RemoteLoadError(remote, new Error('not listed in config.json'));
  if (retry) registerRemotes([{ name: remote, entry: resolveServiceUrl(descriptor.entry) }], { force: true });
  try {
    const module = await withTimeout(loadRemote<T>(`${remote}/${exposed.replace(/^\.\//, '')}`), REMOTE_TIMEOUT_MS);
    if (!module) throw new Error('empty module');
    return module;
  } catch (error) {
    throw new RemoteLoadError(remote, error);
  }
}
