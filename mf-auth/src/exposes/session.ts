/**
 * `mf_auth/session`: the sign-in core without any screen (see `AuthSessionModule` in the
 * contracts). The host loads it at start when a session is stored, and on 'Ausloggen'.
 */
import type { AuthSessionModule } from '@erd/shared-contracts';
import { signOut, startSession } from '../lib/identity/session';

export { signOut, startSession };

const sessionModule: AuthSessionModule = { startSession, signOut };
export default sessionModule;
