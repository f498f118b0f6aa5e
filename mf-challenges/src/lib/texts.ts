/** Shown with the shared `LoadError` when the challenges themselves (the space data) cannot be loaded. */
export const CHALLENGES_LOAD_ERROR = 'Die Challenges konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.';
