import { Route, type AuthScreen } from '@erd/shared-contracts';
import { mountStandalone } from '@erd/shared-contracts/standalone';
import AuthApp from './exposes/auth-app';

const screens: AuthScreen[] = ['login', 'registration', 'confirmation', 'restore-password', 'change-password'];

mountStandalone(screens.map((screen) => <Route key={screen} path={`/${screen}`} element={<AuthApp screen={screen} />} />));
