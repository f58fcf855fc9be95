/** Business constants of spec 01 §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*(),.?":{}|<>';
export const KNOWLEDGE_PAGE_SIZE = 10;
export const KNOWLEDGE_MAX_PAGE_SIZE = 100;
/** Search boxes (knowledge, users) wait this long after the last key (spec 01 §9, 02 §9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const KNOWLEDGE_ROW_TEXT_LENGTH = 128;
export const KNOWLEDGE_TITLE_MAX = 500;
export const KNOWLEDGE_TEXT_MAX = 100_000;
export const KNOWLEDGE_SEARCH_MAX = 200;
/** Search results are counted (and paged) up to this number; beyond it the UI shows "1,000+". */
export const KNOWLEDGE_SEARCH_COUNT_CAP = 1_000;
export const PHONE_MIN = 6;
export const PHONE_MAX = 15;
export const ROLE_MIN = 3;
export const TOAST_DURATION_MS = 3000;
/** Lifetime of a minted sign-in hand-off token (the spec's `sessionId`). */
export const HANDOFF_TOKEN_TTL_SECONDS = 60;
export const DEFAULT_PLAN = 'free';
export const DEFAULT_BILLING_CYCLE = 'monthly';
