import { Route, type ProfileScreen } from '@erd/shared-contracts';
import { mountStandalone } from '@erd/shared-contracts/standalone';
import ProfileApp from './exposes/profile-app';

const routes: Record<ProfileScreen, string> = { profile: '/profil', delete: '/delete', 'delete-confirmation': '/delete-confirmation' };

mountStandalone(
  Object.entries(routes).map(([screen, path]) => (
    <Route key={screen} path={path} element={<ProfileApp screen={screen as ProfileScreen} />} />
  )),
);
