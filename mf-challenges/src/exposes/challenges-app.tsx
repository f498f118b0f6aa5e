import { lazy, Suspense } from 'react';
import { MF_BUILD_ATTRIBUTE, Route, Routes, useParams } from '@erd/shared-contracts';
import { Spinner } from '@erd/shared-contracts/ui';
import { ChallengesNotFound } from '../components/challenges-not-found';
import { BrowsePage } from '../features/browse/components/browse-page';
import { ChallengeOverview } from '../features/overview/components/challenge-overview';

// The single participation view (voting, sharing, reporting) is its own chunk: the overview and
// the list do not carry it.
const EntryPage = lazy(() => import('../features/entry/components/entry-page').then((m) => ({ default: m.EntryPage })));

/**
 * The challenges area, mounted by the host at /challenge/* (spec §2):
 * - /challenge: the challenge overview with the entry forms of logged-in members;
 * - /challenge/{challengeId}: browsing the published entries of a vote challenge;
 * - /challenge/{challengeId}/{participationId}: one entry, its votes, sharing and reporting.
 */
function BrowseRoute() {
  const { challengeId = '' } = useParams();
  return <BrowsePage key={challengeId} challengeId={challengeId} />;
}

function EntryRoute() {
  const { challengeId = '', participationId = '' } = useParams();
  return (
    <Suspense fallback={<Spinner label="Teilnahme wird geladen …" />}>
      <EntryPage key={`${challengeId}/${participationId}`} challengeId={challengeId} participationId={participationId} />
    </Suspense>
  );
}

export default function ChallengesApp() {
  return (
    <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <Routes>
        <Route index element={<ChallengeOverview />} />
        <Route path=":challengeId" element={<BrowseRoute />} />
        <Route path=":challengeId/:participationId" element={<EntryRoute />} />
        <Route path="*" element={<ChallengesNotFound />} />
      </Routes>
    </div>
  );
}
