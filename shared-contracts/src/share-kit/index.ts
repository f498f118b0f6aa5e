/**
 * The share kit's parts (issue 23) that the entry page (mf-challenges) and the club page
 * (mf-standings) compose, each with its own texts, target and address: the frame, its row of
 * buttons, the WhatsApp text, 'Teilen' and the arrival through a share link.
 *
 * `@erd/shared-contracts/share-kit` is its own entry and not a shared singleton (like `forms`): a
 * remote bundles it into the lazy chunks that use it (its kit, its arrival), so it stays off every
 * page's first load. It builds on the shared `ui` entry and the contracts singleton; no zod.
 */
export * from './share-kit-card.js';
export * from './share-actions.js';
export * from './whatsapp-text.js';
export * from './share-button.js';
export * from './share-arrival.js';
