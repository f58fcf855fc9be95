import { describe, expect, it } from 'vitest';
import { signUpProblem } from './auth';
import { firstPasswordProblem, passwordRules } from './password';
import { signInProblem } from './sign-in';

describe('sign-up validation order (spec 01 §5)', () => {
  const ok = { email: 'a@example.com', password: 'Secret1!', confirmPassword: 'Secret1!' };

  it('accepts a valid form', () => expect(signUpProblem(ok)).toBeNull());

  it('reports missing fields first', () => {
    expect(signUpProblem({ ...ok, email: '' })?.message).toBe('auth.invalidEmailOrPassword');
    expect(signUpProblem({ ...ok, password: '' })?.message).toBe('auth.invalidEmailOrPassword');
  });

  it('checks the confirmation before the e-mail, and the e-mail before the password', () => {
    expect(signUpProblem({ email: 'bad', password: 'x', confirmPassword: 'y' })?.message).toBe('auth.passwordNotmatch');
    expect(signUpProblem({ email: 'bad', password: 'x', confirmPassword: 'x' })?.message).toBe('auth.invalidEmail');
    expect(signUpProblem({ ...ok, password: 'x', confirmPassword: 'x' })?.message).toBe('auth.password.minimumLength');
  });
});

describe('password rules', () => {
  it.each([
    ['Ab1!', 'auth.password.minimumLength'],
    ['secret1!', 'auth.password.uppercase'],
    ['SECRET1!', 'auth.password.lowercase'],
    ['Secret!!', 'auth.password.digit'],
    ['Secret12', 'auth.password.special'],
    ['Secret1"', null],
    ['Secret1|', null],
  ])('%s → %s', (password, expected) => expect(firstPasswordProblem(password)).toBe(expected));

  it('lists five rules for the live checklist', () => expect(passwordRules).toHaveLength(5));
});

describe('sign-in validation (spec 01 §5)', () => {
  it('accepts both fields filled', () => expect(signInProblem({ email: 'a@example.com', password: 'x' })).toBeNull());

  it.each([
    ['', 'secret'],
    ['   ', 'secret'],
    ['a@example.com', ''],
  ])('requires both fields (%j, %j)', (email, password) =>
    expect(signInProblem({ email, password })).toBe('auth.emailPasswordRequired'),
  );
});
