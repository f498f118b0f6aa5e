export * from './theme.js';
export * from './fonts.js';
export * from './icon.js';
export * from './primitives.js';
export * from './rich-text.js';
export * from './not-found.js';
export * from './load-error.js';
export * from './select-menu.js';
