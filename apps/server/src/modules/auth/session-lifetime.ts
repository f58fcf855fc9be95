/** Session lifetime and refresh age, shared by the Better Auth configuration and the session resolver. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 14;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
