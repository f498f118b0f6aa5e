/**
 * The Module Federation runtime of the page, in a chunk of its own that `federation.ts` loads the
 * first time a remote is needed: a page without a remote (the first page `/`) never downloads it.
 *
 * - One runtime in the page: its core is handed to the remotes (MF's inject-external-runtime-core
 *   plugin sets `_FEDERATION_RUNTIME_CORE`, what `experiments.externalRuntime` containers use
 *   instead of a copy of their own; see config/webpack.mf.cjs).
 * - The host's singletons (React, react-dom, emotion, zustand, the contracts with the router) go into
 *   the share scope as the instances the host already runs, marked loaded (eager), so every remote
 *   uses them and never its own copy.
 * - A remote's `mf-manifest.json` (what /config.json lists) is read by `federation.ts`, not by the
 *   runtime's snapshot plugin (left out of the build): this takes the `remoteEntry.js` URL.
 */
import { createInstance } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCorePlugin from '@module-federation/inject-external-runtime-core-plugin';
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

const instance = createInstance({
  name: 'host',
  remotes: [],
  // MF's own plugin for `experiments.externalRuntime` containers: hands this runtime core to them.
  plugins: [injectExternalRuntimeCorePlugin()],
  shared: Object.fromEntries(
    Object.entries(SHARED).map(([key, { version, requiredVersion }]) => {
      const shareConfig = { singleton: true, requiredVersion, eager: true };
      const lazyModule = LAZY[key];
      if (lazyModule) return [key, { version, shareConfig, get: () => lazyModule().then((module) => () => module) }];
      if (!(key in LOADED)) throw new Error(`shared module ${key} is not provided by the host`);
      return [key, { version, shareConfig, lib: () => LOADED[key] }];
    }),
  ),
});

const registered = new Map<string, string>();

/**
 * Loads `./Module` of the remote whose container is at `entry` (its `remoteEntry.js`). `retry`
 * re-registers the remote, dropping whatever the runtime cached of a failed attempt.
 */
export async function loadExposed<T>(remote: string, entry: string, exposed: string, { retry = false } = {}): Promise<T | null> {
  if (retry || registered.get(remote) !== entry) {
    instance.registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }
  return instance.loadRemote<T>(`${remote}/${exposed.replace(/^\.\//, '')}`);
}
