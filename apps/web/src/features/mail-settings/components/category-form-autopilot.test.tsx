import type { CategoryValues } from '@app/shared/categories';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubBrowserApis } from '@/test/mock-api';
import { report } from '../testing/accuracy';
import { category, mailSetting } from '../testing/mock-api';
import { CategoryForm } from './category-form';

const TOGGLE = 'Act by itself only when its measured accuracy is high enough';
const RANGE = 'Choose a share between 50 and 100%.';

function renderForm(props: Partial<ComponentProps<typeof CategoryForm>> = {}) {
  const onSubmit = vi.fn();
  render(
    <CategoryForm
      category={category()}
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

type User = ReturnType<typeof userEvent.setup>;
const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save' }));
const sent = (onSubmit: ReturnType<typeof vi.fn>) =>
  (onSubmit.mock.calls.at(-1)?.[0] as CategoryValues | undefined)?.autopilotMinPrecision;
const minimum = () => screen.getByRole('spinbutton', { name: 'Minimum precision (%)' });
async function typeMinimum(user: User, value: string) {
  await user.clear(minimum());
  await user.type(minimum(), value);
}

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('CategoryForm earned autopilot', () => {
  it('is offered to AI categories only, off by default (no limit sent)', async () => {
    const { user, onSubmit } = renderForm();
    const toggle = screen.getByRole('switch', { name: TOGGLE });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('spinbutton', { name: 'Minimum precision (%)' })).not.toBeInTheDocument();
    await save(user);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(sent(onSubmit)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    expect(screen.queryByRole('switch', { name: TOGGLE })).not.toBeInTheDocument();
  });

  it('turned on, sends 90% by default, or the share typed', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('switch', { name: TOGGLE }));
    expect(minimum()).toHaveValue(90);
    expect(minimum()).toHaveAccessibleDescription(
      /^Below it, or before it is measured, instant replies become drafts and forwards wait; the activity says why\./,
    );
    await save(user);
    expect(sent(onSubmit)).toBe(90);

    await typeMinimum(user, '75');
    await save(user);
    expect(sent(onSubmit)).toBe(75);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('turned off, sends null; a rules category never keeps a limit', async () => {
    const { user, onSubmit } = renderForm({ category: category({ autopilotMinPrecision: 80 }) });
    const toggle = screen.getByRole('switch', { name: TOGGLE });
    expect(toggle).toBeChecked();
    expect(minimum()).toHaveValue(80);
    await user.click(toggle);
    await save(user);
    expect(sent(onSubmit)).toBeNull();

    await user.click(screen.getByRole('switch', { name: TOGGLE }));
    // Turned on again, the share typed before is kept.
    expect(minimum()).toHaveValue(80);
    await user.click(screen.getByRole('radio', { name: 'Conditional Mail Filtering' }));
    const subject = within(screen.getByTestId('rule-rules-subject'));
    await user.click(subject.getByRole('button', { name: 'Add value' }));
    await user.type(subject.getByRole('textbox'), 'quote');
    await save(user);
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(sent(onSubmit)).toBeNull();
  });

  it('refuses a share outside 50–100, or none, in words', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('switch', { name: TOGGLE }));
    await typeMinimum(user, '40');
    await save(user);
    expect(await screen.findByText(RANGE)).toBeVisible();
    expect(minimum()).toHaveAttribute('aria-invalid', 'true');
    expect(minimum()).toHaveAccessibleDescription(new RegExp(RANGE.replace('.', '\\.')));
    await typeMinimum(user, '101');
    await save(user);
    expect(screen.getByText(RANGE)).toBeVisible();
    await user.clear(minimum());
    await save(user);
    expect(screen.getByText(RANGE)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    // Corrected, the message goes and the form is sent.
    await user.type(minimum(), '50');
    expect(screen.queryByText(RANGE)).not.toBeInTheDocument();
    await save(user);
    expect(sent(onSubmit)).toBe(50);
  });

  it("shows the server's refusal under the field", () => {
    renderForm({
      category: category({ autopilotMinPrecision: 95 }),
      serverError: 'Invalid request',
      serverIssues: [{ path: ['autopilotMinPrecision'], message: 'categories.validation.autopilotPrecision' }],
    });
    expect(screen.getByText(RANGE)).toBeVisible();
  });

  it('shows the precision measured now when there is a report', async () => {
    const { user } = renderForm({ accuracy: report() });
    expect(screen.getByTestId('autopilot-measured')).toHaveTextContent(/^Measured now: 92%$/);
    await user.click(screen.getByRole('switch', { name: TOGGLE }));
    // 92% is above the 90% asked: nothing held back.
    expect(screen.getByTestId('autopilot-measured')).toHaveTextContent(/^Measured now: 92%$/);
    await typeMinimum(user, '95');
    expect(screen.getByTestId('autopilot-measured')).toHaveTextContent(
      'Measured now: 92%Below your minimum for now: it drafts instead of replying and holds forwards.',
    );
  });

  it('says "Not measured yet" for a category the report does not measure', () => {
    renderForm({ category: category({ id: 'c2', _id: 'c2' }), accuracy: report() });
    expect(screen.getByTestId('autopilot-measured')).toHaveTextContent('Not measured yet');
  });

  it('says nothing of the measure while the report is unknown', () => {
    renderForm();
    expect(screen.queryByTestId('autopilot-measured')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderForm({ category: undefined, accuracy: null });
    await user.click(screen.getByRole('switch', { name: 'N’agir seule que lorsque sa précision mesurée est assez élevée' }));
    const input = screen.getByRole('spinbutton', { name: 'Précision minimale (%)' });
    expect(input).toHaveValue(90);
    expect(
      screen.getByText(/^En dessous, ou tant qu’elle n’est pas mesurée, les réponses instantanées deviennent/),
    ).toBeVisible();
    expect(screen.getByTestId('autopilot-measured')).toHaveTextContent('Pas encore mesurée');
    await user.clear(input);
    await user.type(input, '30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Choisissez une part entre 50 et 100 %.')).toBeVisible();
  });
});
