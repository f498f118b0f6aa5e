import { useLocation } from '@erd/shared-contracts';

/** Renders the current path, so tests can see where a link or a button navigated to. */
export function LocationDisplay() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}
