/**
 * Something loaded on first use instead of at start (a large module the server seldom needs):
 * `get()` runs `load` once and hands every caller the same promise. A failed load is forgotten, so
 * the next `get()` tries again. `started()` is that promise once a load has begun, else null (to
 * close what was loaded without loading it).
 */
export interface Lazy<T> {
  get(): Promise<T>;
  started(): Promise<T> | null;
}

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let loading: Promise<T> | null = null;
  return {
    get: () =>
      (loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      })),
    started: () => loading,
  };
}
