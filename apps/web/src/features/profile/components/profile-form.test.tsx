import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm } from './profile-form';

const categories = [{ group: 'Services', options: [{ value: 'consulting', label: 'Consulting' }] }];

function renderForm(onSubmit = vi.fn()) {
  render(
    <ProfileForm
      defaultValues={{ businessSector: 'consulting', role: 'Founder', phoneNumber: '', website: '' }}
      categories={categories}
      onSubmit={onSubmit}
      onCancel={() => {}}
      pending={false}
      serverError={null}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('ProfileForm', () => {
  it.each([
    ['example.com', 'https://www.example.com'],
    ['shop.example.com', 'https://shop.example.com'],
    ['http://example.com', 'http://example.com'],
  ])('shows %s as %s once the website field loses focus', async (typed, shown) => {
    const { user } = renderForm();
    const website = screen.getByLabelText('Website');
    await user.type(website, typed);
    await user.tab();
    expect(website).toHaveValue(shown);
  });

  it('submits the normalised website', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Website'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ businessSector: 'consulting', website: 'https://www.example.com' }),
      expect.anything(),
    );
  });

  it('shows the spec messages under the fields', async () => {
    const { user, onSubmit } = renderForm();
    await user.clear(screen.getByLabelText('Role'));
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.type(screen.getByLabelText('Website'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The role must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be at least 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter a URL starting with http or https')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the business sector', async () => {
    render(
      <ProfileForm
        defaultValues={{ businessSector: '', role: 'Founder' }}
        categories={categories}
        onSubmit={vi.fn()}
        onCancel={() => {}}
        pending={false}
        serverError={null}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The business sector is required')).toBeInTheDocument();
  });
});
