import { Route, Routes } from '@erd/shared-contracts';
import { ClubImportScreen } from '../features/clubs/components/club-import-screen';
import { ClubsScreen } from '../features/clubs/components/clubs-screen';
import { ChallengeEditScreen } from '../features/challenges/components/challenge-edit-screen';
import { ChallengesScreen } from '../features/challenges/components/challenges-screen';
import { ResultsScreen } from '../features/results/components/results-screen';
import { AccountsScreen } from '../features/accounts/components/accounts-screen';
import { ModerationScreen } from '../features/moderation/components/moderation-screen';
import { NewsletterScreen } from '../features/newsletter/components/newsletter-screen';
import { LoginScreen } from '../features/session/components/login-screen';
import { RequireOperator } from '../features/session/components/require-operator';
import { Layout } from './layout';
import { BackofficeNotFound } from './not-found';

/**
 * The back office's screens, relative to where the host mounts it (`/backoffice/*`, contracts
 * `backofficePaths`): the moderation queue is the landing route; 'anmeldung' is the sign-in.
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route
          index
          element={
            <RequireOperator>
              <ModerationScreen />
            </RequireOperator>
          }
        />
        <Route
          path="newsletter"
          element={
            <RequireOperator>
              <NewsletterScreen />
            </RequireOperator>
          }
        />
        <Route
          path="konten"
          element={
            <RequireOperator>
              <AccountsScreen />
            </RequireOperator>
          }
        />
        <Route
          path="vereine"
          element={
            <RequireOperator>
              <ClubsScreen />
            </RequireOperator>
          }
        />
        <Route
          path="vereine/import"
          element={
            <RequireOperator>
              <ClubImportScreen />
            </RequireOperator>
          }
        />
        <Route
          path="challenges"
          element={
            <RequireOperator>
              <ChallengesScreen />
            </RequireOperator>
          }
        />
        <Route
          path="challenges/:id"
          element={
            <RequireOperator>
              <ChallengeEditScreen />
            </RequireOperator>
          }
        />
        <Route
          path="ergebnisse"
          element={
            <RequireOperator>
              <ResultsScreen />
            </RequireOperator>
          }
        />
        <Route path="anmeldung" element={<LoginScreen />} />
        <Route path="*" element={<BackofficeNotFound />} />
      </Route>
    </Routes>
  );
}
