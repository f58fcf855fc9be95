import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { UserMenu } from './user-menu';

describe('UserMenu', () => {
  it('pressed before its menu’s code has come, opens the menu when it comes', async () => {
    renderWithProviders(<UserMenu user={sessionUser({ email: 'owner@example.com' })} />);
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toHaveTextContent('owner@example.com');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    // A click alone (no pointer over it first), so the download starts with the press.
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('keeps the focus on the button when the menu’s own replaces it', async () => {
    renderWithProviders(<UserMenu user={null} />);
    const placeholder = screen.getByRole('button', { name: 'User menu' });
    expect(placeholder).toHaveTextContent('Guest');
    // The focus starts the download; the menu's trigger comes in the placeholder's place.
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'User menu' })).not.toBe(placeholder));
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
  });
});
