import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { statusToCode } from '@app/shared/errors';
import { AppError } from '../errors';

const defaultMessages: Record<number, string> = {
  400: 'Invalid request parameters',
  401: 'Authentication required',
  403: "You don't have permission to perform this action",
  404: 'Resource not found',
  409: 'Resource conflict',
  413: 'Payload too large',
  415: 'Unsupported content type',
  429: 'Too many requests, please try again later',
};

export function sendError(reply: FastifyReply, status: number, code: string, message: string, extra?: object) {
  return reply.status(status).send({ success: false, code, message, status, ...extra });
}

/** Maps every error to `{ success:false, code, message, status }` once; only unexpected errors are 500. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendError(reply, error.status, error.code, error.message, error.details);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return sendError(reply, 400, 'BAD_REQUEST', issues[0]?.message ?? defaultMessages[400]!, { issues });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, 'SERVER_ERROR', 'Unknown error occurred');
  }
  const message = status === 400 && error.message ? error.message : (defaultMessages[status] ?? 'Something went wrong');
  return sendError(reply, status, statusToCode(status), message);
}
