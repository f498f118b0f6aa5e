import { getRuntimeConfig, MF_BUILD_ATTRIBUTE, Route, Routes } from '@erd/shared-contracts';
import { NotFoundScreen } from '@erd/shared-contracts/ui';
import { StandingsPage } from '../features/standings/components/standings-page';

/** Exposed as `./StandingsApp`; the host mounts it at `/tabelle/*`. */
export default function StandingsApp() {
  return (
    <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <Routes>
        <Route index element={<StandingsPage />} />
        <Route path=":challengeId" element={<StandingsPage />} />
        <Route path="*" element={<NotFoundScreen productName={getRuntimeConfig().productName} />} />
      </Routes>
    </div>
  );
}
