/**
 * Slots in the host's page (`index.html`) that the server fills when it serves the page: the host
 * build renders the age gate into the page (host/src/shell/gate-shell.tsx) without knowing the
 * server's configuration, and the server writes the value in (HTML-escaped) for every slot.
 */
export const pageSlots = {
  /** `config.json`'s `productName` (the server's PRODUCT_NAME). */
  productName: '%ERD_PRODUCT_NAME%',
} as const;
