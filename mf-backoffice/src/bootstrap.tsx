import { Route } from '@erd/shared-contracts';
import { backofficeRoutePattern } from '@erd/shared-contracts/backoffice';
import { mountStandalone } from '@erd/shared-contracts/standalone';
import BackofficeApp from './exposes/backoffice-app';

mountStandalone(<Route path={backofficeRoutePattern} element={<BackofficeApp />} />);
