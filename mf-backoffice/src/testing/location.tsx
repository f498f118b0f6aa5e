import { useLocation } from '@erd/shared-contracts';

/** Renders the current path and search, so tests can see where a screen navigated to. */
export function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
