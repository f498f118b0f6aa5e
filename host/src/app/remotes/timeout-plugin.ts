/**
 * MF runtime plugin: the runtime fetches manifests with no timeout, so a remote whose server never
 * answers would leave its area loading forever. This adds an abort signal to every manifest fetch.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export function fetchTimeoutPlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'erd-fetch-timeout',
    fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    },
  };
}
