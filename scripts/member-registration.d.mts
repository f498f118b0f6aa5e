/** The sign-up body: Erika Musterfrau of the club `clubId`, living in `city` (see member-registration.mjs). */
export declare function memberRegistration(input: { email: string; password: string; clubId: string; city: string }): {
  email: string;
  password: string;
  fields: {
    firstname: string;
    lastname: string;
    street: string;
    city: string;
    club: { id: string; linkType: 'Object'; type: 'Link' };
  };
};
