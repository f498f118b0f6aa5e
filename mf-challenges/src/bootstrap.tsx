import { Route } from '@erd/shared-contracts';
import { mountStandalone } from '@erd/shared-contracts/standalone';
import ChallengesApp from './exposes/challenges-app';

mountStandalone(<Route path="/challenge/*" element={<ChallengesApp />} />);
