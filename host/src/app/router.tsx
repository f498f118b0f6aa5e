import {
  getRuntimeConfig,
  Outlet,
  remoteModules,
  Route,
  Routes,
  type AuthAppProps,
  type ProfileAppProps,
} from '@erd/shared-contracts';
import { NotFoundScreen } from '@erd/shared-contracts/ui';
import { RemoteSlot } from './remote-slot';
import { ScrollManager } from './scroll-manager';

function Layout() {
  return (
    <>
      <main id="main">
        <Outlet />
      </main>
      <ScrollManager />
    </>
  );
}

const NotFound = () => <NotFoundScreen productName={getRuntimeConfig().productName} />;

const auth = (screen: AuthAppProps['screen']) => (
  <RemoteSlot<AuthAppProps> remote={remoteModules.auth.remote} module={remoteModules.auth.module} props={{ screen }} />
);
const profile = (screen: ProfileAppProps['screen']) => (
  <RemoteSlot<ProfileAppProps> remote={remoteModules.profile.remote} module={remoteModules.profile.module} props={{ screen }} />
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<p>Home</p>} />
        <Route path="challenge/*" element={<RemoteSlot remote={remoteModules.challenges.remote} module={remoteModules.challenges.module} />} />
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
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
