/** Code fetched on first need (`import()`): `load` asks once (again after a failure), `loaded` is what has arrived, else null. */
export interface LazyPart<T> {
  load: () => Promise<T>;
  loaded: () => T | null;
}

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load: () =>
      (pending ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    loaded: () => value,
  };
}
