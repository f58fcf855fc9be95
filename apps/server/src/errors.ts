import type { ErrorCode } from '@app/shared/errors';

/** The one error type services throw; the HTTP layer maps it to `{ success:false, code, message, status }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    /** Extra fields of the error answer (e.g. which mail login failed). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Resource not found') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message = "You don't have permission to perform this action") =>
  new AppError(403, 'FORBIDDEN', message);
export const badRequest = (message = 'Invalid request parameters') => new AppError(400, 'BAD_REQUEST', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');
