import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { codeKeyOf, errorKeyOf, errorMessageOf, type ErrorTable, KeyedError } from './error-mapper';
import { i18n } from './i18n';

const fail = (status: number, code = '', message = '') => new ApiRequestError(status, code, message);

const table: ErrorTable = {
  codes: { HAS_TEAM_MEMBERS: 'profile.hasTeamMembers' },
  statuses: { 429: 'auth.tooManyRequests' },
  fallback: 'auth.tryLater',
};

describe('errorKeyOf: one mapper, a table per feature', () => {
  it('looks a failure up by code, then by status, then falls back', () => {
    expect(errorKeyOf(fail(409, 'HAS_TEAM_MEMBERS', 'Members left'), table)).toBe('profile.hasTeamMembers');
    expect(errorKeyOf(fail(429, 'RATE_LIMIT'), table)).toBe('auth.tooManyRequests');
    expect(errorKeyOf(fail(500, 'SERVER_ERROR', 'Boom'), table)).toBe('auth.tryLater');
  });

  it("reads Better Auth's error objects as the API client's errors", () => {
    expect(errorKeyOf({ code: 'HAS_TEAM_MEMBERS', status: 422 }, table)).toBe('profile.hasTeamMembers');
    expect(errorKeyOf({ status: 429 }, table)).toBe('auth.tooManyRequests');
  });

  it('gives a keyed error its own key, and a failure that is no answer `unexpected`, else the fallback', () => {
    expect(errorKeyOf(new KeyedError('auth.verifyEmailFirst'), table)).toBe('auth.verifyEmailFirst');
    expect(errorKeyOf(new TypeError('Failed to fetch'), table)).toBe('auth.tryLater');
    expect(errorKeyOf(new TypeError('Failed to fetch'), { ...table, unexpected: 'feedback.errors.unexpected' })).toBe(
      'feedback.errors.unexpected',
    );
    expect(errorKeyOf(new TypeError('Failed to fetch'))).toBe('errors.UNKNOWN_ERROR');
  });

  it("shows the server's message where the table says so, before its fallback", () => {
    const own = { serverMessage: ({ status }: { status: number }) => status === 404, fallback: 'auth.tryLater' };
    expect(errorKeyOf(fail(404, 'NOT_FOUND', 'knowledge.titleRequired'), own)).toBe('knowledge.titleRequired');
    expect(errorKeyOf(fail(404, 'NOT_FOUND'), own)).toBe('auth.tryLater');
    expect(errorKeyOf(fail(418, '', 'Teapot'), { serverMessage: true })).toBe('Teapot');
  });

  it('without a fallback, leaves the rest to the shared mapping of spec 01 §8', () => {
    expect(errorKeyOf(fail(400, 'BAD_REQUEST', 'Title already used'), { codes: {} })).toBe('Title already used');
    expect(errorKeyOf(fail(404, 'NOT_FOUND', 'server text'))).toBe('errors.NOT_FOUND');
    expect(errorKeyOf(fail(502))).toBe('errors.UNKNOWN');
  });

  it('ignores what only looks like a code of the table', () => {
    expect(errorKeyOf(fail(500, 'constructor'), { codes: {} })).toBe('errors.SERVER_ERROR');
  });

  it('maps a bare code (a provider error read from the address)', () => {
    const social = { codes: { account_not_linked: 'auth.accountExists' }, fallback: 'auth.tryLater' };
    expect(codeKeyOf('account_not_linked', social)).toBe('auth.accountExists');
    expect(codeKeyOf('access_denied', social)).toBe('auth.tryLater');
  });

  it('errorMessageOf answers in the current language, keeping a plain server text', async () => {
    expect(errorMessageOf(fail(409, 'HAS_TEAM_MEMBERS'), table)).toBe('Remove your team members before deleting your account');
    expect(errorMessageOf(fail(400, '', 'Title already used'))).toBe('Title already used');
    await i18n.changeLanguage('fr-FR');
    expect(errorMessageOf(fail(404))).toBe('Ressource introuvable');
    await i18n.changeLanguage('en');
  });
});
