/** Navigation state the account screens pass to the login (after confirming or changing the password). */
export interface LoginLocationState {
  notice?: string;
  email?: string;
}
