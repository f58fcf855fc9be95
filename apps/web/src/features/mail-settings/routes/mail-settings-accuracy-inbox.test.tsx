import { within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubBrowserApis } from '@/test/mock-api';
import { INBOX, report } from '../testing/accuracy';
import { accuracyBlock as block, setupAccuracyRoute as setup } from '../testing/accuracy-route';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const withInbox = (inbox = INBOX, patch = {}) => ({
  'GET /api/email-settings/accuracy': { status: 200, body: report({ inbox, ...patch }) },
});

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('MailSettingsRoute accuracy: the mail left in the inbox', () => {
  it('says how much it would have moved, per category as bars, apart from the figures, each message opening in the webmail', async () => {
    const { user } = setup(withInbox());
    const accuracy = await block();
    expect(await within(accuracy).findByTestId('accuracy-inbox-summary')).toHaveTextContent(
      'Of the 40 messages you left in your inbox, the assistant would have moved 12 (30%) and left the rest there. 2 of them were taken for spam and held.',
    );
    expect(
      within(accuracy).getByText(/not counted in the figures above: mail left in the inbox may simply not be sorted yet/),
    ).toBeVisible();
    const bars = within(accuracy).getByRole('list', { name: 'Where it would have moved them' });
    const quotes = within(bars).getByRole('img', { name: 'Quotes: 9 (23% of your inbox mail)' });
    expect(quotes.firstElementChild).toHaveStyle({ width: '23%' });
    expect(within(bars).getByRole('img', { name: 'Newsletters: 3 (8% of your inbox mail)' })).toBeVisible();

    const list = within(accuracy).getByRole('list', { name: 'Mail you left in your inbox' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const desks = within(list).getByRole('listitem', { name: 'Can you quote 50 desks?' });
    expect(within(desks).getByRole('link', { name: 'Can you quote 50 desks?' })).toHaveAttribute(
      'href',
      '/inbox?folder=INBOX&uid=310',
    );
    expect(within(desks).getByText('Eve Buyer')).toBeVisible();
    expect(within(desks).getByText('Would have moved it to Quotes')).toBeVisible();
    const digest = within(list).getByRole('listitem', { name: 'Weekly digest' });
    expect(within(digest).getByText('(unknown sender)')).toBeVisible();
    expect(within(digest).queryByRole('time')).not.toBeInTheDocument();

    // The disagreements have their own "Show all (12)": this one opens the inbox list.
    const more = within(accuracy)
      .getAllByRole('button', { name: 'Show all (12)' })
      .find((b) => b.getAttribute('aria-controls') === 'accuracy-inbox-examples')!;
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
  });

  it('says when it would have left every message where it is, with no list', async () => {
    setup(withInbox({ ...INBOX, judged: 5, heldAsSpam: 0, moved: [], examples: [] }));
    const accuracy = await block();
    expect(await within(accuracy).findByTestId('accuracy-inbox-summary')).toHaveTextContent(
      'It would have left all 5 messages you kept in your inbox where they are.',
    );
    expect(within(accuracy).queryByRole('list', { name: 'Where it would have moved them' })).not.toBeInTheDocument();
  });

  it('shows the inbox even when nothing was filed', async () => {
    setup(withInbox(INBOX, { judged: 0, agreed: 0, disagreements: [], categories: [] }));
    const accuracy = await block();
    expect(await within(accuracy).findByText("No filed mail to measure yet in your categories' folders.")).toBeVisible();
    expect(within(accuracy).getByTestId('accuracy-inbox-summary')).toBeVisible();
  });

  it('has no inbox part in a report made before it was measured', async () => {
    setup();
    const accuracy = await block();
    await within(accuracy).findByTestId('accuracy-overall');
    expect(within(accuracy).queryByTestId('accuracy-inbox-summary')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    setup(withInbox());
    const accuracy = await block('Précision sur votre courrier passé');
    expect(await within(accuracy).findByTestId('accuracy-inbox-summary')).toHaveTextContent(
      /^Sur les 40 messages laissés dans votre boîte de réception, l’assistant en aurait déplacé 12 \(30\s%\) et laissé les autres en place\. 2 d’entre eux ont été pris pour du spam et retenus\.$/,
    );
    const bars = within(accuracy).getByRole('list', { name: 'Où il les aurait déplacés' });
    expect(
      within(bars).getByRole('img', { name: /^Quotes : 9 \(23\s% de votre courrier en boîte de réception\)$/ }),
    ).toBeVisible();
    const list = within(accuracy).getByRole('list', { name: 'Le courrier laissé dans votre boîte de réception' });
    expect(within(list).getAllByText('L’aurait déplacé vers Quotes')).toHaveLength(9);
  });
});
