import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { firstPasswordProblem } from '@app/shared/password';
import { teamKeyOf } from './messages';

export type PasswordProblem = { field: 'password' | 'confirmPassword'; key: string };

/**
 * Spec 02 §5 "Set password": both fields, at least 6 characters, the same twice, then the sign-up
 * rules one by one. Returns the first unmet rule as an i18n key, or null.
 */
export function passwordProblem(password: string, confirmPassword: string): PasswordProblem | null {
  if (!password || !confirmPassword) return { field: 'password', key: 'team.setPassword.errors.bothRequired' };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', key: 'team.setPassword.errors.minimumLength' };
  if (password !== confirmPassword) return { field: 'confirmPassword', key: 'team.setPassword.errors.mismatch' };
  const rule = firstPasswordProblem(password);
  return rule ? { field: 'password', key: teamKeyOf(rule) } : null;
}
