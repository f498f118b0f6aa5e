import { Route } from '@erd/shared-contracts';
import { mountStandalone } from '@erd/shared-contracts/standalone';
import StandingsApp from './exposes/standings-app';
import ClubPage from './exposes/club-page';

mountStandalone(
  <>
    <Route path="/tabelle/*" element={<StandingsApp />} />
    <Route path="/club/:clubId" element={<ClubPage />} />
  </>,
);
