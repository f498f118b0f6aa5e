/** The typed API client for same-origin `/api` calls (axios): anti-forgery header, access token, refresh once on 401. */
export * from './client.js';
