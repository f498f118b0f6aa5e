import { useLocation } from '@erd/shared-contracts';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import StandingsApp from '../exposes/standings-app';

/** The address (path and query) the app has navigated to, for a test to read. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="Adresse">{`${pathname}${search}`}</output>;
}

/** The standings app (mounted at /tabelle/*) at `route`, with the address beside it as 'Adresse'. */
export const renderStandingsAt = (route: string) =>
  renderWithProviders(
    <>
      <StandingsApp />
      <LocationProbe />
    </>,
    { route, path: '/tabelle/*' },
  );
