import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../api';
import { openTestDatabase, testConfig, memoryMailer } from '../../test/harness';
import { redactedUrl } from './request-log';

describe('request log', () => {
  it('redacts the tokens of links, OAuth codes and reset paths', () => {
    expect(redactedUrl('/api/invitations/verify?token=abc.DEF-123&x=1')).toBe('/api/invitations/verify?token=[redacted]&x=1');
    expect(redactedUrl('/api/auth/verify-email?token=eyJhbGciOi&callbackURL=%2Fhome')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fhome',
    );
    expect(redactedUrl('/cb/ms?code=M.C5&state=s3cr3t')).toBe('/cb/ms?code=[redacted]&state=[redacted]');
    expect(redactedUrl('/api/auth/reset-password/AbCdEf?callbackURL=%2Freset')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset',
    );
    expect(redactedUrl('/api/data?page=2&search=token')).toBe('/api/data?page=2&search=token');
  });

  it('never writes a token to the log of a real request', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, mailer: memoryMailer(), logger });
    try {
      await app.inject({ method: 'GET', url: '/api/invitations/verify?token=SECRET-TOKEN-42' });
      await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=SECRET-TOKEN-43' });
      const log = lines.join('');
      expect(log).toContain('token=[redacted]');
      expect(log).not.toContain('SECRET-TOKEN');
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
