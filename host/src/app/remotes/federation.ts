/**
 * The host's way to remotes: keeps the remotes the server lists in /config.json and loads exposed
 * modules with a timeout. Loading a remote's container and handing it the share scope
 * (`runtime.ts`, the only file that touches the container interface) is a chunk loaded with the
 * first remote, so a page without one never downloads it; meanwhile the remote's manifest is read
 * here and its `remoteEntry.js` and the exposed module's own files are preloaded. Remote locations
 * are never baked into the host build, so a remote released on its own shows up on the next page
 * load.
 */
import type { RemoteDescriptorDto, RemoteName } from '@erd/shared-contracts';
import type { BackofficeRemoteName } from '@erd/shared-contracts/backoffice';
import { remoteFilesOfManifest, remoteModuleOfPath, resolveServiceUrl } from '@erd/shared-contracts';

export const REMOTE_TIMEOUT_MS = 10_000;
/** How long the first render waits for the remote of the page's first screen (`awaitRemoteOfPath`). */
export const FIRST_REMOTE_WAIT_MS = 3_000;

let known = new Map<string, RemoteDescriptorDto>();

/** The URL of a remote's `remoteEntry.js` and of the exposed module's own files, from its `mf-manifest.json`. */
export async function readManifest(
  manifestUrl: string,
  exposed: string,
  timeoutMs = REMOTE_TIMEOUT_MS,
): Promise<{ entry: string; files: string[] }> {
  const url = new URL(manifestUrl, location.href);
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  return remoteFilesOfManifest(await response.json(), url, exposed);
}

const preloaded = new Set<string>();
function preload(files: readonly string[]): void {
  for (const href of files) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.appendChild(link);
  }
}

export function registerRemotesFromConfig(remotes: readonly RemoteDescriptorDto[]): void {
  known = new Map(remotes.map((r) => [r.name, r]));
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

/** Loaded (or loading) exposed modules, one load per page and module; `module` once it has arrived. */
const modules = new Map<string, { loading: Promise<unknown>; module?: unknown }>();

const moduleKey = (remote: string, exposed: string) => `${remote}/${exposed.replace(/^\.\//, '')}`;

/** `./Module` of a remote if it has already arrived (`loadRemoteModule`), else undefined: for a render that need not wait. */
export function loadedRemoteModule<T>(remote: RemoteName | BackofficeRemoteName, exposed: string): T | undefined {
  return modules.get(moduleKey(remote, exposed))?.module as T | undefined;
}

/**
 * Loads `./Module` of a remote, once per page: a render that React throws away and repeats (a route
 * change is a transition) gets the same promise, or it would start a new load every time. A failed
 * load is forgotten, so the next call tries again; `retry` then also loads the remote's container
 * anew (a failed loader chunk is loaded anew too).
 */
export function loadRemoteModule<T>(remote: RemoteName | BackofficeRemoteName, exposed: string, { retry = false } = {}): Promise<T> {
  const key = moduleKey(remote, exposed);
  const cached = modules.get(key);
  if (cached) return cached.loading as Promise<T>;
  const entry: { loading: Promise<T>; module?: T } = { loading: loadOnce<T>(remote, exposed, retry) };
  modules.set(key, entry);
  entry.loading.then(
    (module) => {
      entry.module = module;
    },
    () => {
      if (modules.get(key) === entry) modules.delete(key);
    },
  );
  return entry.loading;
}

async function loadOnce<T>(remote: RemoteName | BackofficeRemoteName, exposed: string, retry: boolean): Promise<T> {
  const descriptor = known.get(remote);
  if (!descriptor) throw new RemoteLoadError(remote, new Error('not listed in config.json'));
  try {
    const load = async () => {
      const [{ loadExposed }, { entry }] = await Promise.all([
        import(/* webpackChunkName: "mf-runtime" */ './runtime'),
        readManifest(resolveServiceUrl(descriptor.entry), exposed).then((found) => {
          preload([found.entry, ...found.files]);
          return found;
        }),
      ]);
      return loadExposed<T>(remote, entry, `./${exposed.replace(/^\.\//, '')}`, { retry });
    };
    const module = await withTimeout(load(), REMOTE_TIMEOUT_MS);
    if (!module) throw new Error('empty module');
    return module;
  } catch (error) {
    throw new RemoteLoadError(remote, error);
  }
}

/**
 * Waits until the remote whose screen `pathname` shows has arrived, so the first render shows that
 * screen instead of a spinner first (its files are preloaded by the page, beside the host's own).
 * Never longer than `waitMs`, and never failing: a remote that is slow or broken is left to its
 * `RemoteSlot`, with the spinner, the timeout and the German fallback with a retry.
 */
export async function awaitRemoteOfPath(pathname: string, waitMs = FIRST_REMOTE_WAIT_MS): Promise<void> {
  const target = remoteModuleOfPath(pathname);
  if (!target || !known.has(target.remote)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loadRemoteModule(target.remote as RemoteName, target.module).catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Starts loading the remote behind a link of this site as soon as the visitor points at it, focuses
 * it or touches it, so the click that follows usually finds the remote's module there and
 * `RemoteSlot` renders its screen at once, without the spinner React shows for at least 300 ms.
 * One listener on the document covers every link, the host's and the remotes'. A failed load is
 * forgotten (`loadRemoteModule`): the navigation then loads again, with the slot's own handling.
 * Returns the function that stops listening.
 */
export function prefetchRemotesOnIntent(target: Document = document): () => void {
  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== location.origin) return;
    const route = remoteModuleOfPath(anchor.pathname);
    if (!route || !known.has(route.remote)) return;
    // A module already loaded or loading is handed back as it is (one load per page).
    loadRemoteModule(route.remote as RemoteName, route.module).catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, { capture: true });
  };
}
