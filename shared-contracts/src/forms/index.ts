/** Form pieces and the German validation texts of the account screens (mf-auth, mf-profile); see form.tsx. */
export * from './form.js';
export * from './form-page.js';
export * from './form-messages.js';
export * from './profile-fields.js';
