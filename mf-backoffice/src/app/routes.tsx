import { Outlet, Route, Routes } from '@erd/shared-contracts';
import { AccountsScreen } from '../features/accounts/components/accounts-screen';
import { AuditScreen } from '../features/audit/components/audit-screen';
import { ChallengeEditScreen } from '../features/challenges/components/challenge-edit-screen';
import { ChallengesScreen } from '../features/challenges/components/challenges-screen';
import { ClubImportScreen } from '../features/clubs/components/club-import-screen';
import { ClubsScreen } from '../features/clubs/components/clubs-screen';
import { ContentScreen } from '../features/content/components/content-screen';
import { ModerationScreen } from '../features/moderation/components/moderation-screen';
import { NewsletterScreen } from '../features/newsletter/components/newsletter-screen';
import { OperatorsScreen } from '../features/operators/components/operators-screen';
import { OverviewScreen } from '../features/overview/components/overview-screen';
import { PasswordScreen } from '../features/password/components/password-screen';
import { ResultsScreen } from '../features/results/components/results-screen';
import { LoginScreen } from '../features/session/components/login-screen';
import { RequireOperator } from '../features/session/components/require-operator';
import { VoteEntryScreen } from '../features/votes/components/vote-entry-screen';
import { VotesScreen } from '../features/votes/components/votes-screen';
import { Layout } from './layout';
import { BackofficeNotFound } from './not-found';

/**
 * The back office's screens, relative to where the host mounts it (`/backoffice/*`, contracts
 * `backofficePaths`): the moderation queue is the landing route; 'anmeldung' is the sign-in. Every
 * other screen needs a signed-in operator (`RequireOperator`, once for all of them).
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route
          element={
            <RequireOperator>
              <Outlet />
            </RequireOperator>
          }
        >
          <Route index element={<ModerationScreen />} />
          <Route path="ueberblick" element={<OverviewScreen />} />
          <Route path="stimmen" element={<VotesScreen />} />
          <Route path="stimmen/:participationId" element={<VoteEntryScreen />} />
          <Route path="challenges" element={<ChallengesScreen />} />
          <Route path="challenges/:id" element={<ChallengeEditScreen />} />
          <Route path="ergebnisse" element={<ResultsScreen />} />
          <Route path="vereine" element={<ClubsScreen />} />
          <Route path="vereine/import" element={<ClubImportScreen />} />
          <Route path="konten" element={<AccountsScreen />} />
          <Route path="newsletter" element={<NewsletterScreen />} />
          <Route path="inhalte" element={<ContentScreen />} />
          <Route path="protokoll" element={<AuditScreen />} />
          <Route path="operatoren" element={<OperatorsScreen />} />
          <Route path="passwort" element={<PasswordScreen />} />
        </Route>
        <Route path="anmeldung" element={<LoginScreen />} />
        <Route path="*" element={<BackofficeNotFound />} />
      </Route>
    </Routes>
  );
}
