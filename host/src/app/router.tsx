import { lazy, Suspense } from 'react';
import {
  getRuntimeConfig,
  remoteModules,
  Route,
  Routes,
  useDocumentTitle,
  type AuthAppProps,
  type LegalDisplay,
  type ProfileAppProps,
} from '@erd/shared-contracts';
import { NotFoundScreen, Spinner } from '@erd/shared-contracts/ui';
import { HomePage } from '../features/home/components/home-page';
import { Layout } from './layout';
import { RemoteSlot } from './remote-slot';
import { RouteGuard } from './route-guard';

/** Not on the first page: the legal screen loads when it is visited. */
const LegalPage = lazy(() => import('../features/legal/components/legal-page').then((m) => ({ default: m.LegalPage })));

const legal = (display: LegalDisplay) => (
  <Suspense fallback={<Spinner />}>
    <LegalPage display={display} />
  </Suspense>
);

function NotFound() {
  useDocumentTitle('kein Treffer');
  return <NotFoundScreen productName={getRuntimeConfig().productName} />;
}

/** Account routes are guarded (spec §2): guest-only ones send a logged-in user to /profil, member-only ones a visitor to /login. */
const auth = (screen: AuthAppProps['screen']) => (
  <RouteGuard>
    <RemoteSlot<AuthAppProps> remote={remoteModules.auth.remote} module={remoteModules.auth.module} props={{ screen }} />
  </RouteGuard>
);
const profile = (screen: ProfileAppProps['screen']) => (
  <RouteGuard>
    <RemoteSlot<ProfileAppProps> remote={remoteModules.profile.remote} module={remoteModules.profile.module} props={{ screen }} />
  </RouteGuard>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route
          path="challenge/*"
          element={<RemoteSlot remote={remoteModules.challenges.remote} module={remoteModules.challenges.module} />}
        />
        <Route path="tabelle/*" element={<RemoteSlot remote={remoteModules.standings.remote} module={remoteModules.standings.module} />} />
        <Route path="club/:clubId" element={<RemoteSlot remote={remoteModules.club.remote} module={remoteModules.club.module} />} />
        <Route path="login" element={auth('login')} />
        <Route path="registration" element={auth('registration')} />
        <Route path="confirmation" element={auth('confirmation')} />
        <Route path="restore-password" element={auth('restore-password')} />
        <Route path="change-password" element={auth('change-password')} />
        <Route path="profil" element={profile('profile')} />
        <Route path="delete" element={profile('delete')} />
        <Route path="delete-confirmation" element={profile('delete-confirmation')} />
        <Route path="terms" element={legal('terms')} />
        {/* The path matching ignores case: this one route serves /dataProtection and /dataprotection. */}
        <Route path="dataProtection" element={legal('dataProtection')} />
        <Route path="imprint" element={legal('imprint')} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
