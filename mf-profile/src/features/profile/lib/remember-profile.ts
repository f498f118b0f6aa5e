import { paths, storageKeys } from '@erd/shared-contracts';

/** After a new login, come back here (as the header's profile button does). */
export function rememberProfile() {
  try {
    sessionStorage.setItem(storageKeys.redirectAfterLogin, paths.profile);
  } catch {
    // storage blocked: the login then leads to /challenge
  }
}
