import { css } from '@emotion/react';
import { type ComponentType, lazy, Suspense, type SyntheticEvent, useState } from 'react';
import { MF_BUILD_ATTRIBUTE, paths, type AuthAppProps, type AuthScreen } from '@erd/shared-contracts';
import { Spinner } from '@erd/shared-contracts/ui';
import { LoginScreen } from '../features/login/components/login-screen';

/**
 * A screen fetched when first shown, or earlier with `load` (a link to it pointed at or focused):
 * `loaded` is the screen once it has arrived (then shown at once, without the lazy component's suspense).
 */
function lazyScreen(importer: () => Promise<ComponentType>) {
  let value: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const fetchScreen = () =>
    (pending ??= importer().then(
      (Screen) => ({ default: (value = Screen) }),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    Lazy: lazy(fetchScreen),
    loaded: () => value,
    load: () => fetchScreen().then(() => undefined),
  };
}

/**
 * The screens besides the login (the route most visitors come for: every remote's guard leads
 * there) are no part of the remote's first load: each is its own chunk.
 */
const lazyScreens = {
  registration: lazyScreen(() =>
    import(/* webpackChunkName: "screen-registration" */ '../features/registration/components/registration-screen').then(
      (m) => m.RegistrationScreen,
    ),
  ),
  confirmation: lazyScreen(() =>
    import(/* webpackChunkName: "screen-confirmation" */ '../features/confirmation/components/confirmation-screen').then(
      (m) => m.ConfirmationScreen,
    ),
  ),
  'restore-password': lazyScreen(() =>
    import(/* webpackChunkName: "screen-restore-password" */ '../features/restore-password/components/restore-password-screen').then(
      (m) => m.RestorePasswordScreen,
    ),
  ),
  'change-password': lazyScreen(() =>
    import(/* webpackChunkName: "screen-change-password" */ '../features/change-password/components/change-password-screen').then(
      (m) => m.ChangePasswordScreen,
    ),
  ),
} satisfies Record<Exclude<AuthScreen, 'login'>, unknown>;

const screenOfPath: Record<string, keyof typeof lazyScreens> = {
  [paths.registration]: 'registration',
  [paths.confirmation]: 'confirmation',
  [paths.restorePassword]: 'restore-password',
  [paths.changePassword]: 'change-password',
};

/** A link to another screen pointed at, touched or focused: its code is fetched now, so following the link shows it at once. */
function preloadLinkedScreen(event: SyntheticEvent) {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  const screen = screenOfPath[link.pathname.replace(/\/+$/, '').toLowerCase()];
  if (screen)
    loadScreen(screen).catch(() => {
      // not loaded (offline): showing the screen tries again
    });
}

/** Fetches a screen's code now (tests, and links to it): the AuthApp then shows it at once. */
export function loadScreen(screen: AuthScreen): Promise<void> {
  return screen === 'login' ? Promise.resolve() : lazyScreens[screen].load();
}

/** The screen, picked once per screen (a screen that arrives meanwhile is not mounted anew). */
function ScreenOf({ screen }: AuthAppProps) {
  const [Screen] = useState(() => (screen === 'login' ? LoginScreen : (lazyScreens[screen].loaded() ?? lazyScreens[screen].Lazy)));
  return <Screen />;
}

/**
 * mf-auth: login, registration, e-mail confirmation, forgotten and new password (spec §2). The
 * host mounts it per route with the `screen` prop; the route guards are the host's. Until a lazy
 * screen has arrived the spinner shows, as the host's while it loads the remote.
 */
export default function AuthApp({ screen }: AuthAppProps) {
  return (
    <div
      {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}
      onPointerOver={preloadLinkedScreen}
      onTouchStart={preloadLinkedScreen}
      onFocus={preloadLinkedScreen}
      css={css`
        width: 100%;
      `}
    >
      <Suspense fallback={<Spinner />}>
        <ScreenOf key={screen} screen={screen} />
      </Suspense>
    </div>
  );
}
