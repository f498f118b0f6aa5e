import { MF_BUILD_ATTRIBUTE, Route, Routes, useParams } from '@erd/shared-contracts';
import { ChallengesNotFound } from '../components/challenges-not-found';
import { BrowsePage } from '../features/browse/components/browse-page';
import { ChallengeOverview } from '../features/overview/components/challenge-overview';

/**
 * The challenges area, mounted by the host at /challenge/* (spec §2):
 * - /challenge: the challenge overview;
 * - /challenge/{challengeId}: browsing the published entries of a vote challenge;
 * - /challenge/{challengeId}/{participationId}: the single participation view comes with the
 *   entries issue; until then this route shows the 404 screen.
 */
function BrowseRoute() {
  const { challengeId = '' } = useParams();
  return <BrowsePage key={challengeId} challengeId={challengeId} />;
}

export default function ChallengesApp() {
  return (
    <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <Routes>
        <Route index element={<ChallengeOverview />} />
        <Route path=":challengeId" element={<BrowseRoute />} />
        {/* The single participation view comes with the entries issue. */}
        <Route path=":challengeId/:participationId" element={<ChallengesNotFound />} />
        <Route path="*" element={<ChallengesNotFound />} />
      </Routes>
    </div>
  );
}
