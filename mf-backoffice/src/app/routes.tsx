import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from '@erd/shared-contracts';
import { Spinner } from '@erd/shared-contracts/ui';
import { ModerationScreen } from '../features/moderation/components/moderation-screen';
import { LoginScreen } from '../features/session/components/login-screen';
import { RequireOperator } from '../features/session/components/require-operator';
import { Layout } from './layout';
import { BackofficeNotFound } from './not-found';

// The landing screen and the sign-in come with the remote; every other screen is a chunk of its own,
// loaded when it is first opened, so signing in does not download the whole back office.
const AccountsScreen = lazy(() => import('../features/accounts/components/accounts-screen').then((m) => ({ default: m.AccountsScreen })));
const AuditScreen = lazy(() => import('../features/audit/components/audit-screen').then((m) => ({ default: m.AuditScreen })));
const ChallengeEditScreen = lazy(() =>
  import('../features/challenges/components/challenge-edit-screen').then((m) => ({ default: m.ChallengeEditScreen })),
);
const ChallengesScreen = lazy(() =>
  import('../features/challenges/components/challenges-screen').then((m) => ({ default: m.ChallengesScreen })),
);
const ClubImportScreen = lazy(() =>
  import('../features/clubs/components/club-import-screen').then((m) => ({ default: m.ClubImportScreen })),
);
const ClubsScreen = lazy(() => import('../features/clubs/components/clubs-screen').then((m) => ({ default: m.ClubsScreen })));
const ContentScreen = lazy(() => import('../features/content/components/content-screen').then((m) => ({ default: m.ContentScreen })));
const MessagesScreen = lazy(() => import('../features/messages/components/messages-screen').then((m) => ({ default: m.MessagesScreen })));
const NewsletterScreen = lazy(() =>
  import('../features/newsletter/components/newsletter-screen').then((m) => ({ default: m.NewsletterScreen })),
);
const OperatorsScreen = lazy(() =>
  import('../features/operators/components/operators-screen').then((m) => ({ default: m.OperatorsScreen })),
);
const OverviewScreen = lazy(() => import('../features/overview/components/overview-screen').then((m) => ({ default: m.OverviewScreen })));
const ReachScreen = lazy(() => import('../features/reach/components/reach-screen').then((m) => ({ default: m.ReachScreen })));
const PasswordScreen = lazy(() => import('../features/password/components/password-screen').then((m) => ({ default: m.PasswordScreen })));
const ResultsScreen = lazy(() => import('../features/results/components/results-screen').then((m) => ({ default: m.ResultsScreen })));
const SeasonScreen = lazy(() => import('../features/seasons/components/season-screen').then((m) => ({ default: m.SeasonScreen })));
const SeasonsScreen = lazy(() => import('../features/seasons/components/seasons-screen').then((m) => ({ default: m.SeasonsScreen })));
const VoteEntryScreen = lazy(() => import('../features/votes/components/vote-entry-screen').then((m) => ({ default: m.VoteEntryScreen })));
const VotesScreen = lazy(() => import('../features/votes/components/votes-screen').then((m) => ({ default: m.VotesScreen })));

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
              <Suspense fallback={<Spinner label="Wird geladen …" />}>
                <Outlet />
              </Suspense>
            </RequireOperator>
          }
        >
          <Route index element={<ModerationScreen />} />
          <Route path="ueberblick" element={<OverviewScreen />} />
          <Route path="stimmen" element={<VotesScreen />} />
          <Route path="stimmen/:participationId" element={<VoteEntryScreen />} />
          <Route path="reichweite" element={<ReachScreen />} />
          <Route path="saisons" element={<SeasonsScreen />} />
          <Route path="saisons/:yearId" element={<SeasonScreen />} />
          <Route path="challenges" element={<ChallengesScreen />} />
          <Route path="challenges/:id" element={<ChallengeEditScreen />} />
          <Route path="ergebnisse" element={<ResultsScreen />} />
          <Route path="vereine" element={<ClubsScreen />} />
          <Route path="vereine/import" element={<ClubImportScreen />} />
          <Route path="konten" element={<AccountsScreen />} />
          <Route path="newsletter" element={<NewsletterScreen />} />
          <Route path="nachrichten" element={<MessagesScreen />} />
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
