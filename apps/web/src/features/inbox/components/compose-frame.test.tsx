import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ComposeFrame } from './compose-frame';

describe('ComposeFrame', () => {
  it('shows the panel at once while its code loads: title, a busy status, focus on Close, Escape closes', async () => {
    const onClose = vi.fn();
    render(<ComposeFrame mode="compose" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New message' });
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('holds the panel once loaded, not busy', () => {
    render(
      <ComposeFrame mode="reply" onClose={() => undefined}>
        <form aria-label="fields" />
      </ComposeFrame>,
    );
    expect(screen.getByRole('dialog', { name: 'Reply' })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('form', { name: 'fields' })).toBeInTheDocument();
  });
});
