/**
 * The host's side of Module Federation, in a chunk of its own that `federation.ts` loads the first
 * time a remote is needed: a page without a remote (the first page `/`) never downloads it.
 *
 * The remotes are webpack containers (`remoteEntry.js`, webpack's own ModuleFederationPlugin, see
 * config/webpack.mf.cjs and decision 0015): a container is a global with `init(shareScope)` and
 * `get('./Module')`. There is no federation runtime library in the page: the host loads a
 * container's script, hands it the one share scope of the page and asks it for the exposed module.
 *
 * - The host's singletons (React, react-dom, emotion, zustand, the contracts with the router) are in
 *   that share scope as the instances the host already runs (marked loaded and eager), so every
 *   remote uses them and never its own copy, whatever its build provides beside them.
 * - A remote's `mf-manifest.json` (what /config.json lists) is read by `federation.ts`: it names the
 *   `remoteEntry.js` URL, the live release's or a given one's.
 */
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
// eslint-disable-next-line no-restricted-imports -- not a store: the host's zustand, put into the share scope
import * as zustand from 'zustand';
import * as emotion from '@emotion/react';
import * as emotionJsxRuntime from '@emotion/react/jsx-runtime';
import * as emotionStyled from '@emotion/styled';
import * as contracts from '@erd/shared-contracts';
import * as contractsUi from '@erd/shared-contracts/ui';

interface ProvidedShare {
  version: string;
  requiredVersion: string;
}

/** Versions of the shared keys, from the host's build (config/webpack.mf.cjs `providedShares`). */
const SHARED: Record<string, ProvidedShare> = JSON.parse(process.env.MF_SHARED ?? '{}');

/** The host's instances of its shared singletons (what the page already runs). */
const LOADED: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  zustand,
  '@emotion/react': emotion,
  '@emotion/react/jsx-runtime': emotionJsxRuntime,
  '@emotion/styled': emotionStyled,
  '@erd/shared-contracts': contracts,
  '@erd/shared-contracts/ui': contractsUi,
};

/** Shared modules the host loads only when a screen needs them. */
const LAZY: Record<string, () => Promise<unknown>> = {
  '@erd/shared-contracts/http': () => import('@erd/shared-contracts/http'),
};

/** Every shared key the host can provide (a test checks them against the build's shared list). */
export const PROVIDED_KEYS = [...Object.keys(LOADED), ...Object.keys(LAZY)];

/** webpack's share scope: per key, per version, how to get the module (webpack/lib/sharing). */
type ModuleFactory = () => unknown;
type ShareScope = Record<string, Record<string, { get: () => Promise<ModuleFactory>; from: string; eager: boolean; loaded?: 1 }>>;

/** A webpack container (`remoteEntry.js` of ModuleFederationPlugin). */
interface Container {
  init(shareScope: ShareScope): void | Promise<void>;
  get(module: string): Promise<ModuleFactory>;
}

/**
 * The page's one share scope. Eager and, for what already runs, loaded: webpack keeps such an entry
 * when a container registers its own build of the same version, and a singleton is not replaced by a
 * higher version from a remote either.
 */
const shareScope: ShareScope = Object.fromEntries(
  Object.entries(SHARED).map(([key, { version }]) => {
    const lazyModule = LAZY[key];
    if (lazyModule) return [key, { [version]: { get: () => lazyModule().then((module) => () => module), from: 'host', eager: true } }];
    if (!(key in LOADED)) throw new Error(`shared module ${key} is not provided by the host`);
    return [key, { [version]: { get: () => Promise.resolve(() => LOADED[key]), from: 'host', eager: true, loaded: 1 } }];
  }),
);

/** The containers of this page, by `remoteEntry.js` URL (two releases of a remote are two containers). */
const containers = new Map<string, Promise<Container>>();

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`${src} could not be loaded`));
    };
    document.head.appendChild(script);
  });
}

function containerAt(remote: string, entry: string, retry: boolean): Promise<Container> {
  const known = retry ? undefined : containers.get(entry);
  if (known) return known;
  const loading = (async () => {
    await loadScript(entry);
    // The container's global is set by the script just run (a later release of the remote sets it anew).
    const container = (window as unknown as Record<string, Container | undefined>)[remote];
    if (!container || typeof container.get !== 'function') throw new Error(`${entry} defined no container ${remote}`);
    await container.init(shareScope);
    return container;
  })();
  containers.set(entry, loading);
  loading.catch(() => {
    if (containers.get(entry) === loading) containers.delete(entry);
  });
  return loading;
}

/**
 * Loads `./Module` of the remote whose container is at `entry` (its `remoteEntry.js`). A failed
 * container is forgotten; `retry` loads its script again even if one is under way.
 */
export async function loadExposed<T>(remote: string, entry: string, exposed: string, { retry = false } = {}): Promise<T | null> {
  const container = await containerAt(remote, entry, retry);
  const factory = await container.get(exposed);
  return factory() as T;
}
