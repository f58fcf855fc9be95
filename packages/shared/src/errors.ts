import { z } from 'zod';

/** Codes of the API error mapper (spec 01 §8) plus the server's own codes. */
export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMIT',
  'SERVER_ERROR',
  'UNKNOWN',
  'UNKNOWN_ERROR',
  'EMAIL_NOT_VERIFIED',
  'HAS_TEAM_MEMBERS',
  'INVALID_LINK',
  'PAYLOAD_TOO_LARGE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The wire shape of every error answer. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  status: z.number().int(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export function statusToCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMIT';
    default:
      return status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN';
  }
}
