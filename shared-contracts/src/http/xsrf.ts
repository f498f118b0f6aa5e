/**
 * The anti-forgery pair (spec §7, double submit): the cookie, the header that repeats it on unsafe
 * `/api/` calls, and the private endpoint that sets the cookie. Only that endpoint sets it: the
 * pages and `/config.json` are publicly cacheable, and an answer that sets a cookie never is (a
 * shared cache would hand one visitor's token to everyone).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const XSRF_TOKEN_PATH = '/api/xsrf-token';
