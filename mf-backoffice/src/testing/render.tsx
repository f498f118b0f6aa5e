import { Route, Routes } from '@erd/shared-contracts';
import { backofficeRoutePattern } from '@erd/shared-contracts/backoffice';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import BackofficeApp from '../exposes/backoffice-app';
import type { OperatorSessionState } from '../lib/operator-session';
import { LocationDisplay } from './location';

/**
 * The back office as the host mounts it (`/backoffice/*`), with the real providers, at `route`;
 * `session` skips the session check (omit it to let the app check `GET /api/operator/me`).
 */
export function renderBackoffice(route: string, session?: OperatorSessionState) {
  return renderWithProviders(
    <Routes>
      <Route
        path={backofficeRoutePattern}
        element={
          <>
            <BackofficeApp initialSession={session} />
            <LocationDisplay />
          </>
        }
      />
    </Routes>,
    { route },
  );
}
