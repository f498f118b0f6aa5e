import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, sessionStore } from '@erd/shared-contracts';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_TOKEN_PATH } from './xsrf.js';

/** Spec §7: non-GET/HEAD requests to relative URLs carry an anti-forgery header taken from a cookie. */
export { XSRF_COOKIE, XSRF_HEADER, XSRF_TOKEN_PATH };

export function readCookie(name: string, cookie: string = typeof document !== 'undefined' ? document.cookie : ''): string | null {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The token request under way, if any: unsafe calls made at the same time wait for the same one. */
let tokenRequest: Promise<void> | null = null;

/**
 * The anti-forgery token: the cookie, or, before the first unsafe call of a visit, the cookie that
 * `XSRF_TOKEN_PATH` sets (the pages do not set it: they are publicly cacheable). Null when that
 * fails too: the call goes out without the header, and the server's refusal is the error shown.
 */
async function xsrfToken(): Promise<string | null> {
  const current = readCookie(XSRF_COOKIE);
  if (current) return current;
  const settled = () => {
    tokenRequest = null;
  };
  tokenRequest ??= axios.get(XSRF_TOKEN_PATH, { timeout: 10_000 }).then(settled, settled);
  await tokenRequest;
  return readCookie(XSRF_COOKIE);
}

const isRelative = (url: string | undefined) => !!url && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('//');

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    if (!error.response) return new ApiError('Network error', 0, 'NetworkError');
    const { status, data } = error.response;
    const body = (data ?? {}) as { code?: unknown; __type?: unknown; message?: unknown };
    const rawCode = typeof body.code === 'string' ? body.code : typeof body.__type === 'string' ? body.__type : 'HttpError';
    const code = rawCode.split('#').pop() ?? rawCode;
    const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
    return new ApiError(message, status, code, data);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 0, 'UnknownError');
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _erdRetried?: boolean;
}

export interface HttpClientOptions {
  baseURL?: string;
  /** Same-origin product API: access token, anti-forgery header, refresh once on 401. */
  authenticated?: boolean;
  timeoutMs?: number;
}

/**
 * Creates an axios instance whose failures are always `ApiError`.
 * Public content calls use `authenticated: false` (spec §6: no authorization header).
 */
export function createHttpClient({ baseURL, authenticated = false, timeoutMs = 20_000 }: HttpClientOptions = {}): AxiosInstance {
  const http = axios.create({ baseURL, timeout: timeoutMs, headers: { Accept: 'application/json' } });

  http.interceptors.request.use(async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && isRelative(config.url) && !config.baseURL?.match(/^https?:/)) {
      const token = await xsrfToken();
      if (token) config.headers.set(XSRF_HEADER, token);
    }
    if (authenticated) {
      const accessToken = sessionStore.getState().tokens?.accessToken;
      if (accessToken) config.headers.set('Authorization', `Bearer ${accessToken}`);
    }
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (authenticated && error instanceof AxiosError && error.response?.status === 401 && error.config) {
      const config = error.config as RetriableConfig;
      const { refresh } = sessionStore.getState();
      if (!config._erdRetried && refresh) {
        config._erdRetried = true;
        config.headers.delete('Authorization');
        const renewed = await refresh().catch(() => false);
        if (renewed) return http.request(config);
      }
    }
    throw toApiError(error);
  });

  return http;
}
