import { lazy, Suspense } from 'react';
import { Spinner } from '@erd/shared-contracts/ui';
import { FormMessage } from '@erd/shared-contracts/forms';
import { myEntriesTexts } from '../lib/my-entry-texts';
import { ProfileSection } from './profile-section';

/** Should the list's chunk not load (a release in between, the network), this says so; the form stays usable. */
function MyEntriesUnavailable() {
  return <FormMessage tone="error">{myEntriesTexts.loadFailed}</FormMessage>;
}

// The list, its requests and the share kit are a chunk of their own: the profile form does not wait for them.
const MyEntriesList = lazy(() => import('./my-entries').catch(() => ({ default: MyEntriesUnavailable })));

/**
 * 'Meine Teilnahmen' (issue 24) on the profile: what the club sent this season, its state, votes,
 * place and points, with the way to share a published entry.
 */
export function MyEntriesSection() {
  return (
    <ProfileSection title={myEntriesTexts.title}>
      <Suspense fallback={<Spinner label={myEntriesTexts.loading} />}>
        <MyEntriesList />
      </Suspense>
    </ProfileSection>
  );
}
