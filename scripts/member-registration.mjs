// A club member's sign-up as the registration form sends it (POST …/frontend-users/signup): one
// place for the end-to-end tests (e2e/support/accounts.ts), the topology test and the benches.

/** The sign-up body: Erika Musterfrau of the club `clubId`, living in `city`. */
export function memberRegistration({ email, password, clubId, city }) {
  return {
    email,
    password,
    fields: {
      firstname: 'Erika',
      lastname: 'Musterfrau',
      street: 'Hauptstraße 1',
      city,
      club: { id: clubId, linkType: 'Object', type: 'Link' },
    },
  };
}
