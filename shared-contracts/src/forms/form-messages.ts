/**
 * The German validation texts of spec §5, character for character, shared by the account forms
 * (mf-auth) and the profile (mf-profile).
 */
export const formMessages = {
  firstnameRequired: '„Vorname“ ist ein Pflichtfeld',
  lastnameRequired: '„Nachname“ ist ein Pflichtfeld',
  streetRequired: '„Straße & Hausnummer“ ist ein Pflichtfeld',
  cityRequired: '„Postleitzahl & Ort“ ist ein Pflichtfeld',
  clubRequired: 'Bitte wähle deinen Verein aus',
  teamRequired: 'Bitte wähle dein Team aus',
  emailInvalid: 'Gib eine gültige Emailadresse an',
  passwordRequired: 'Gib ein Passwort ein',
  passwordRule: 'Das Passwort muss mindestens 8 Zeichen lang sein und einen Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen enthalten',
  passwordRepeatRequired: 'Wiederhole das Passwort',
  passwordMismatch: 'Die Passwörter stimmen nicht überein',
  termsRequired: 'Den Teilnahmebedingungen muss zugestimmt werden',
  codeInvalid: 'Gib einen gültigen Code ein',
  codeLength: 'Der Code besteht aus 6 Ziffern',
  loginInvalid: 'Bitte gib deine E-Mail-Adresse und dein Passwort ein',
  /** Not in the spec: the phone number is optional, but must look like one when given. */
  phoneInvalid: 'Gib eine gültige Telefonnummer an',
} as const;
