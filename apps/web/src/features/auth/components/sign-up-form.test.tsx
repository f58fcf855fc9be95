import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form';

async function submit(values: { email?: string; password?: string; confirmPassword?: string }) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<SignUpForm onSubmit={onSubmit} />);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirmPassword) await user.type(screen.getByLabelText('Confirm password'), values.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  return onSubmit;
}

const shownErrors = () => Array.from(document.querySelectorAll('[id$="-error"]')).map((node) => node.textContent);

describe('SignUpForm validation order (signUpProblem)', () => {
  it('requires e-mail and password first', async () => {
    await submit({});
    expect(shownErrors()).toEqual(['Invalid email or password']);
  });

  it('checks the confirmation before the e-mail', async () => {
    const onSubmit = await submit({ email: 'not-an-email', password: 'weak', confirmPassword: 'other' });
    expect(shownErrors()).toEqual(['Passwords do not match']);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the e-mail before the password rules', async () => {
    await submit({ email: 'not-an-email', password: 'weak', confirmPassword: 'weak' });
    expect(shownErrors()).toEqual(['Invalid email address']);
  });

  it('shows the first unmet password rule', async () => {
    await submit({ email: 'a@example.com', password: 'abcdef', confirmPassword: 'abcdef' });
    expect(shownErrors()).toEqual(['An uppercase letter']);
  });

  it('submits a valid form', async () => {
    const onSubmit = await submit({ email: 'a@example.com', password: 'Abcde1!', confirmPassword: 'Abcde1!' });
    expect(shownErrors()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'a@example.com', password: 'Abcde1!', confirmPassword: 'Abcde1!' });
  });
});
