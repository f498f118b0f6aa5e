import { MF_BUILD_ATTRIBUTE } from '@erd/shared-contracts';
import { BackofficeRoutes } from '../app/routes';
import { getOperatorSession } from '../features/session/api/get-operator-session';
import { OperatorSessionProvider, type OperatorSessionState } from '../lib/operator-session';

/**
 * mf-backoffice (issue 8): the back office, mounted by the host's back-office page at
 * `/backoffice/*`. It owns its layout, its routes and the operator session (the http-only cookie
 * of `/api/operator/login`, checked once when it opens). `initialSession` is for tests and previews.
 */
export default function BackofficeApp({ initialSession }: { initialSession?: OperatorSessionState }) {
  return (
    <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <OperatorSessionProvider check={getOperatorSession} initial={initialSession}>
        <BackofficeRoutes />
      </OperatorSessionProvider>
    </div>
  );
}
