import { Route, Routes } from '@erd/shared-contracts';
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
        <Route path="anmeldung" element={<LoginScreen />} />
        <Route path="*" element={<BackofficeNotFound />} />
      </Route>
    </Routes>
  );
}
