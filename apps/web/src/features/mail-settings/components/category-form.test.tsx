import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, stubBrowserApis } from '@/test/mock-api';
import { category, mailSetting } from '../testing/mock-api';
import { CategoryForm } from './category-form';

const BLANK = 'AI-Powered Classification or Conditional Mail Filtering must not be blank';

function renderForm(props: Partial<ComponentProps<typeof CategoryForm>> = {}) {
  const onSubmit = vi.fn();
  render(
    <CategoryForm
      mailboxAddress="me@example.com"
      mailboxes={mailSetting().mailboxes}
      provider="smtp"
      onSubmit={onSubmit}
      onCancel={() => {}}
      pending={false}
      serverError={null}
      {...props}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const save = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Save' }));
const rule = (id: string) => within(screen.getByTestId(`rule-rules-${id}`));

async function addValues(user: ReturnType<typeof userEvent.setup>, id: string, values: string[]) {
  for (const value of values) {
    await user.click(rule(id).getByRole('button', { name: 'Add value' }));
    const inputs = rule(id).getAllByRole('textbox');
    if (!value) continue;
    await user.click(inputs[inputs.length - 1]!);
    await user.paste(value);
  }
}

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('CategoryForm validation', () => {
  it('asks for a name (or a parent) and for the AI instruction', async () => {
    const { user, onSubmit } = renderForm();
    await save(user);
    expect(await screen.findByText('Parent name or category must be entered.')).toBeInTheDocument();
    expect(screen.getByText(BLANK)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses names with other characters, or longer than 255', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Folder name'), 'Bad!!name');
    await save(user);
    expect(
      await screen.findByText(
        'Name can only contain letters, numbers, single spaces between words, dots, hyphens and underscores.',
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Folder name'));
    await user.click(screen.getByLabelText('Folder name'));
    await user.paste('a'.repeat(256));
    await save(user);
    expect(await screen.findByText('The name must be at most 255 characters.')).toBeInTheDocument();
  });

  it('in "existing folder" mode, asks for the folder', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Use an existing folder'));
    expect(screen.queryByLabelText('Folder name')).not.toBeInTheDocument();
    await save(user);
    const message = await screen.findByText('Parent name or category must be entered.');
    expect(message).toHaveAttribute('id', 'existCategoryName-error');
  });

  it('checks the forwarding addresses: format, the mailbox itself, at most 50', async () => {
    const { user } = renderForm();
    const emails = screen.getByLabelText('Forward to (routing emails)');
    await user.type(emails, 'not-an-email{Enter}');
    await save(user);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove not-an-email' }));
    await user.type(emails, 'ME@example.com,');
    await save(user);
    expect(await screen.findByText('Forwarding email cannot be the same as the mail account')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove ME@example.com' }));
    await user.click(emails);
    await user.paste(Array.from({ length: 51 }, (_, i) => `user${i}@example.com`).join(', '));
    expect(screen.getAllByRole('button', { name: /^Remove user/ })).toHaveLength(51);
    await save(user);
    expect(await screen.findByText('Maximum 50 forwarding email addresses allowed')).toBeInTheDocument();
  });

  it('a rules category needs a rule; values must not be empty', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Folder name'), 'Invoices');
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    expect(screen.queryByLabelText('AI classification instruction')).not.toBeInTheDocument();
    await save(user);
    expect(await screen.findByText(BLANK)).toBeInTheDocument();

    await addValues(user, 'subject', ['']);
    await save(user);
    expect(await screen.findByText('Empty values are not allowed')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('at most 10 values (10 addresses for e-mail parts), each at most 100 characters', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Folder name'), 'Invoices');
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    await addValues(
      user,
      'subject',
      Array.from({ length: 11 }, (_, i) => `s${i}`),
    );
    await addValues(
      user,
      'from-email',
      Array.from({ length: 11 }, (_, i) => `a${i}@x.com`),
    );
    await addValues(user, 'body', ['b'.repeat(101)]);
    await save(user);
    expect(await screen.findByText('Maximum 10 values allowed')).toBeInTheDocument();
    expect(screen.getByText('Maximum 10 email addresses allowed')).toBeInTheDocument();
    expect(screen.getByText('Value exceeds maximum length')).toBeInTheDocument();
  }, 15_000);

  it('submits a rules category with only the rules that have values, and no instruction', async () => {
    const { user, onSubmit } = renderForm({ category: category({ instruction: 'old instruction' }) });
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    await addValues(user, 'subject', ['  Invoice   due ']);
    await addValues(user, 'to-name', ['']);
    await save(user);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const values = onSubmit.mock.calls[0]?.[0];
    expect(values).toMatchObject({
      name: 'Quotes',
      classifierType: 'rules',
      instruction: '',
      action: 2,
      email: ['sales@example.com', 'boss@example.com'],
      rules: { subject: { operator: 'contains', values: ['Invoice due'] } },
    });
    expect(Object.keys(values.rules)).toEqual(['subject']);
  });

  it('says whether every condition or one is needed, and submits "any" when chosen', async () => {
    const { user, onSubmit } = renderForm({ category: category({ instruction: 'old instruction' }) });
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    expect(screen.getByRole('radio', { name: 'every condition' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'at least one condition' }));
    await addValues(user, 'subject', ['quote']);
    await addValues(user, 'from-email', ['john.doe']);
    await save(user);
    expect(onSubmit.mock.calls[0]?.[0].rules).toEqual({
      match: 'any',
      subject: { operator: 'contains', values: ['quote'] },
      from: { email: { operator: 'contains', values: ['john.doe'] } },
    });
  });

  it('previews which recent messages the conditions would file, through the server', async () => {
    const { calls } = mockApi({
      'POST /api/mailbox/rules-preview': {
        status: 200,
        body: {
          folder: 'INBOX',
          scanned: 50,
          matches: [
            { uid: '1', subject: 'Lunch', from: { name: 'John Doe', address: 'john.doe@client.com' }, date: null },
            { uid: '2', subject: 'Quote', from: { name: '', address: 'john.doe@client.com' }, date: null },
          ],
        },
      },
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    await addValues(user, 'from-email', ['john.doe']);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('2 of the 50 newest messages of the tracked folder would be filed here:')).toBeInTheDocument();
    expect(screen.getByText('John Doe')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/mailbox/rules-preview')?.body).toMatchObject({
      rules: { from: { email: { operator: 'contains', values: ['john.doe'] } } },
    });
  });

  it('says so when the preview finds nothing', async () => {
    mockApi({ 'POST /api/mailbox/rules-preview': { status: 200, body: { folder: 'INBOX', scanned: 31, matches: [] } } });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('None of the 31 newest messages of the tracked folder would be filed here.'),
    ).toBeInTheDocument();
  });

  it('starts in the mode the category was made in', () => {
    renderForm({ category: category({ name: '', existCategoryName: 'Clients' }) });
    expect(screen.getByLabelText('Use an existing folder')).toBeChecked();
  });

  it('shows the messages in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Transférer à (e-mails de routage)'), 'x{Enter}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom ou la catégorie parente doit être renseigné.')).toBeInTheDocument();
    expect(
      screen.getByText('La classification par IA ou le filtrage conditionnel des e-mails ne doit pas être vide'),
    ).toBeInTheDocument();
    expect(screen.getByText("Format d'e-mail invalide")).toBeInTheDocument();
  });
});
