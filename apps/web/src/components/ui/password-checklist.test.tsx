import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from './password-checklist';

const items = () => within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');

describe('PasswordChecklist', () => {
  it('shows nothing before the user types', () => {
    render(<PasswordChecklist password="" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the five rules in order with their state', () => {
    render(<PasswordChecklist password="abc1" />);
    expect(items().map((item) => item.textContent)).toEqual([
      'At least 6 characters(not met)',
      'An uppercase letter(not met)',
      'A lowercase letter(met)',
      'A digit(met)',
      'A special character (!@#$%^&*(),.?":{}|<>)(not met)',
    ]);
  });

  it('marks every rule met for a strong password', () => {
    render(<PasswordChecklist password="Abcde1!" />);
    expect(items().every((item) => item.dataset.met === 'true')).toBe(true);
  });
});
