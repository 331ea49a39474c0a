/** Business constants of the specification and of docs/decisions.md. */
export const APP_VERSION = '4.0.1';
export const APP_NAME = 'Yams Manager';

export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_DELAY_MS = 2_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const TOAST = {
  success: 3,
  warning: 7,
  firstErrorOnly: 5,
  connection: 5,
  invoiceDeletion: 20,
  groupStaggerSeconds: 5,
} as const;

export const PAGE_SIZE = { default: 6, journal: 12, villes: 10, max: 100 } as const;

export const MOBILE_BREAKPOINT_PX = 770;

export const DIALOG_WIDTH = {
  default: '50vw',
  payment: '40vw',
  invoiceForm: '60vw',
  invoice: '80vw',
  purchase: '80vw',
  document: '30vw',
} as const;

export const VERIFICATION = { codeLength: 6, ttlMinutes: 15, maxAttempts: 5 } as const;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A link confirming a new email address stays valid a day (the mailbox may be read on the road). */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const DEFAULT_TOKEN_TTL_HOURS = 24 * 30;
export const PASSWORD_MIN_LENGTH = 8;

/** Failed attempts allowed in a window before 429. */
export const RATE_LIMIT = { maxAttempts: 5, windowMinutes: 15 } as const;

export const MAP = {
  addresses: { lat: 0.4162, lng: 9.4673, zoom: 13, focusZoom: 16, maxZoom: 20, heightPx: 600 },
  geolocation: { lat: 0.43, lng: 9.42, zoom: 6, flyToZoom: 13, pollMs: 10_000 },
} as const;

export const DEFAULT_TAX_RATES = { tva: 18, tps: 9.5, css: 1 } as const;
