import type { RuntimeConfigDto } from './config.js';
import { setPageClockOffset } from './time-state.js';

/**
 * The runtime configuration (GET /config.json), loaded once per page by whoever starts first
 * (the host, a remote running standalone, or the embed loader) and shared through this singleton.
 */
let configPromise: Promise<RuntimeConfigDto> | null = null;
let current: RuntimeConfigDto | null = null;
let configBase: string | null = null;

/** Keeps the configuration, and takes the server's clock offset for every phase decision of the page. */
function keep(config: RuntimeConfigDto): void {
  current = config;
  // `?? 0`: a server from before the field (a remote released ahead of it).
  setPageClockOffset(config.clockOffsetDays ?? 0);
}

export function setRuntimeConfig(config: RuntimeConfigDto): void {
  keep(config);
  configPromise = Promise.resolve(config);
}

export function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfigDto> {
  if (typeof location !== 'undefined') configBase = new URL(url, location.href).href;
  configPromise ??= fetch(url, { headers: { accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
      return res.json() as Promise<RuntimeConfigDto>;
    })
    .then((config) => {
      keep(config);
      return config;
    })
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

export function getRuntimeConfig(): RuntimeConfigDto {
  if (!current) throw new Error('Runtime configuration not loaded yet (call loadRuntimeConfig first)');
  return current;
}

/**
 * Resolves a URL from the configuration against the origin the configuration came from, so a
 * remote embedded on another site (the sponsor's page) still calls our server.
 */
export function resolveServiceUrl(pathOrUrl: string): string {
  const base = configBase ?? (typeof location !== 'undefined' ? location.href : 'http://localhost/');
  return new URL(pathOrUrl, base).href;
}
