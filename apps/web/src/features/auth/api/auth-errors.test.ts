import { describe, expect, it } from 'vitest';
import { signInErrorKey } from './sign-in';
import { signUpErrorKey } from './sign-up';
import { socialErrorKey } from './social-sign-in';
import { decodeSessionId } from './verify-handoff';

describe('auth error keys', () => {
  it('maps sign-in errors, with one message for unknown e-mail and wrong password', () => {
    expect(signInErrorKey({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toBe('auth.invalidLoginOrPassword');
    expect(signInErrorKey({ code: 'EMAIL_NOT_VERIFIED', status: 403 })).toBe('auth.verifyEmailFirst');
    expect(signInErrorKey({ status: 429 })).toBe('auth.tooManyRequests');
    expect(signInErrorKey({ code: 'INVALID_EMAIL', status: 400 })).toBe('auth.invalidEmailShort');
    expect(signInErrorKey({ code: 'SOMETHING', status: 500 })).toBe('auth.tryLater');
  });

  it('maps sign-up errors', () => {
    expect(signUpErrorKey({ code: 'USER_ALREADY_EXISTS', status: 422 })).toBe('auth.emailAlreadyInUse');
    expect(signUpErrorKey({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', status: 422 })).toBe('auth.emailAlreadyInUse');
    expect(signUpErrorKey({ code: 'PASSWORD_TOO_SHORT', status: 400 })).toBe('auth.weakPassword');
    expect(signUpErrorKey({ code: 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS', status: 400 })).toBe('auth.passwordRequirementsNotMet');
    expect(signUpErrorKey({ status: 500 })).toBe('auth.tryLater');
  });

  it('maps the social callback error', () => {
    expect(socialErrorKey('account_not_linked')).toBe('auth.accountExists');
    expect(socialErrorKey('access_denied')).toBe('auth.tryLater');
  });
});

describe('decodeSessionId', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  it('decodes standard and URL-safe base64', () => {
    expect(decodeSessionId(btoa(token))).toBe(token);
    expect(decodeSessionId(btoa(`${token}>>?`).replace(/\+/g, '-').replace(/\//g, '_'))).toBe(`${token}>>?`);
  });
  it('refuses invalid base64 and too short tokens', () => {
    expect(decodeSessionId('%%%')).toBeNull();
    expect(decodeSessionId(btoa('short'))).toBeNull();
  });
});
