import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { mapApiError } from './error-mapper';
import { i18n } from './i18n';

const fail = (status: number, message = '', code = '') => new ApiRequestError(status, code, message);

describe('mapApiError (spec 01 §8)', () => {
  it.each([
    [400, 'BAD_REQUEST', 'Invalid request parameters'],
    [401, 'UNAUTHORIZED', 'Authentication required'],
    [403, 'FORBIDDEN', "You don't have permission to perform this action"],
    [404, 'NOT_FOUND', 'Resource not found'],
    [409, 'CONFLICT', 'Resource conflict'],
    [429, 'RATE_LIMIT', 'Too many requests, please try again later'],
    [500, 'SERVER_ERROR', 'Unknown error occurred'],
    [418, 'UNKNOWN', 'Something went wrong'],
    [502, 'UNKNOWN', 'Something went wrong'],
  ])('maps %i without a server message to %s', (status, code, message) => {
    expect(mapApiError(fail(status))).toEqual({ code, message, status });
  });

  it.each([400, 403, 409, 500])('prefers the server message on %i', (status) => {
    expect(mapApiError(fail(status, 'Title already used')).message).toBe('Title already used');
  });

  it.each([401, 404, 429])('keeps the table text on %i', (status) => {
    expect(mapApiError(fail(status, 'server text')).message).not.toBe('server text');
  });

  it('translates a server message that is an i18n key', () => {
    expect(mapApiError(fail(400, 'knowledge.titleRequired')).message).toBe('Title is required');
  });

  it('maps anything that is not an HTTP answer to UNKNOWN_ERROR', () => {
    expect(mapApiError(new TypeError('Failed to fetch'))).toEqual({
      code: 'UNKNOWN_ERROR',
      message: 'An unexpected error occurred',
    });
  });

  it('answers in the current language', async () => {
    await i18n.changeLanguage('fr-FR');
    expect(mapApiError(fail(404)).message).toBe('Ressource introuvable');
    await i18n.changeLanguage('en');
  });
});
