import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, stubBrowserApis } from '@/test/mock-api';
import { report } from '../testing/accuracy';
import { accuracyBlock as block, activity, replayOffer, setupAccuracyRoute as setup } from '../testing/accuracy-route';
import { category } from '../testing/mock-api';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const row = (region: HTMLElement, name: string) =>
  within(within(region).getByRole('list', { name: 'Per category' })).getByRole('listitem', { name });
const accuracyGets = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/email-settings/accuracy').length;

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('MailSettingsRoute accuracy on past mail', () => {
  it('explains the measure and shows the overall figure and, per category, precision and recall as bars', async () => {
    setup();
    const accuracy = await block();
    expect(within(accuracy).getByText(/re-read the mail you had filed in each category's folder, oldest first/)).toBeVisible();
    expect(await within(accuracy).findByTestId('accuracy-overall')).toHaveTextContent(
      'Same choice as you for 23 of 50 messages (46%)',
    );
    expect(within(accuracy).getByTestId('accuracy-measured')).toHaveTextContent(/^Measured Nov 27, 2026/);
    expect(within(accuracy).getByText('Precision: when it filed here, how often you had too.')).toBeVisible();
    expect(within(accuracy).getByText('Recall: of what you filed here, how much it found.')).toBeVisible();

    const quotes = row(accuracy, 'Quotes');
    expect(within(quotes).getByText('30 filed by you, 25 chosen by the assistant, 23 in common')).toBeVisible();
    const precision = within(quotes).getByRole('img', { name: 'Precision 92%' });
    expect(precision.firstElementChild).toHaveStyle({ width: '92%' });
    expect(within(quotes).getByText('92%')).toBeVisible();
    expect(within(quotes).getByRole('img', { name: 'Recall 77%' }).firstElementChild).toHaveStyle({ width: '77%' });
    expect(within(quotes).getByText('77%')).toBeVisible();

    // It never chose Clients: no precision, said in words; nothing was filed in Newsletters: no recall.
    const clients = row(accuracy, 'Clients');
    expect(within(clients).getByRole('img', { name: 'Precision —' }).childElementCount).toBe(0);
    expect(within(clients).getByRole('button', { name: 'No precision: it would have filed nothing here' })).toHaveTextContent(
      '—',
    );
    expect(within(clients).getByRole('img', { name: 'Recall 0%' })).toBeVisible();
    const newsletters = row(accuracy, 'Newsletters');
    expect(within(newsletters).getByRole('img', { name: 'Precision 0%' })).toBeVisible();
    expect(within(newsletters).getByRole('img', { name: 'Recall —' })).toBeVisible();
    expect(within(newsletters).getByRole('button', { name: 'No recall: nothing filed here' })).toBeVisible();
  });

  it('lists the disagreements with links to the webmail; "Show all" shows more than ten', async () => {
    const { user } = setup();
    const accuracy = await block();
    const list = await within(accuracy).findByRole('list', { name: 'Where it chose differently' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    const quote = within(list).getByRole('listitem', { name: 'Price for 200 chairs' });
    expect(within(quote).getByRole('link', { name: 'Price for 200 chairs' })).toHaveAttribute(
      'href',
      '/inbox?folder=Quotes&uid=42',
    );
    expect(within(quote).getByText('Dora Client')).toBeVisible();
    expect(within(quote).getByText(/^Nov 20, 2026/)).toBeVisible();
    expect(within(quote).getByText('You: Quotes')).toBeVisible();
    expect(within(quote).getByText('Assistant: Clients')).toBeVisible();

    const invoice = within(list).getByRole('listitem', { name: 'Invoice 981' });
    expect(within(invoice).getByRole('link', { name: 'Invoice 981' })).toHaveAttribute(
      'href',
      '/inbox?folder=Clients%2F2024&uid=7',
    );
    expect(within(invoice).getByText('billing@supplier.test')).toBeVisible();
    expect(within(invoice).getByText('You: Clients')).toBeVisible();
    expect(within(invoice).getByText('Assistant: left it where it arrived')).toBeVisible();

    expect(within(accuracy).queryByRole('link', { name: 'Older message 10' })).not.toBeInTheDocument();
    const more = within(accuracy).getByRole('button', { name: 'Show all (12)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    const last = within(list).getByRole('listitem', { name: 'Older message 10' });
    expect(within(last).getByText('(unknown sender)')).toBeVisible();
    expect(within(last).queryByRole('time')).not.toBeInTheDocument();
    await user.click(within(accuracy).getByRole('button', { name: 'Show fewer' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });

  it('says when nothing is measured yet, and why', async () => {
    setup({ 'GET /api/email-settings/accuracy': { status: 200, body: null } });
    const accuracy = await block();
    expect(
      await within(accuracy).findByText(
        "Not measured yet: it is measured at the next automatic initialisation, from the mail you have filed in your categories' folders.",
      ),
    ).toBeVisible();
    expect(within(accuracy).queryByTestId('accuracy-overall')).not.toBeInTheDocument();
  });

  it('says that the replay is not run with an AI provider, since it would spend credits', async () => {
    setup({
      'GET /api/email-settings/accuracy': { status: 200, body: null },
      'GET /api/email-settings/activity': activity('openai'),
    });
    const accuracy = await block();
    expect(
      await within(accuracy).findByText(
        'Not measured automatically: with an AI provider, replaying your past mail would spend credits.',
      ),
    ).toBeVisible();
  });

  it('says how much of it is mail filed as it arrived since the replay, in English and French', async () => {
    const body = report({ live: { filed: 7, corrected: 2 } });
    setup({ 'GET /api/email-settings/accuracy': { status: 200, body } });
    let accuracy = await block();
    expect(await within(accuracy).findByTestId('accuracy-live')).toHaveTextContent(
      'Including 7 messages filed as they arrived since then (corrected by you: 2)',
    );
    await i18n.changeLanguage('fr');
    accuracy = await block('Précision sur votre courrier passé');
    expect(await within(accuracy).findByTestId('accuracy-live')).toHaveTextContent(
      'Dont 7 messages classés à leur arrivée depuis (corrigés par vous : 2)',
    );
  });

  it('says nothing of mail filed since when there is none', async () => {
    setup();
    const accuracy = await block();
    await within(accuracy).findByTestId('accuracy-overall');
    expect(within(accuracy).queryByTestId('accuracy-live')).not.toBeInTheDocument();
  });

  it('with an AI provider, says what measuring may cost and measures only once the owner agrees', async () => {
    const { user, calls } = setup({
      'GET /api/email-settings/accuracy': { status: 200, body: null },
      'GET /api/email-settings/activity': activity('openai'),
      'POST /api/email-settings/accuracy/replay': { status: 200, body: replayOffer({ requested: true }) },
    });
    const accuracy = await block();
    const offer = await within(accuracy).findByTestId('accuracy-replay');
    expect(offer).toHaveTextContent(
      'Measuring with your AI provider judges up to 200 of your newest filed messages, 2 credits each: at most 400 credits',
    );
    expect(offer).toHaveTextContent('Credits left this month: 1,250');
    await user.click(within(offer).getByRole('button', { name: 'Measure with my AI provider' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend up to 400 credits?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Measure' }));
    expect(await within(offer).findByRole('status')).toHaveTextContent(
      'Measuring with your AI provider: the report appears here when it is done.',
    );
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/email-settings/accuracy/replay')).toHaveLength(1);
  });

  it('in French, and nothing is spent when the owner cancels', async () => {
    await i18n.changeLanguage('fr');
    const { user, calls } = setup({
      'GET /api/email-settings/accuracy': { status: 200, body: null },
      'GET /api/email-settings/activity': activity('openai'),
    });
    const accuracy = await block('Précision sur votre courrier passé');
    const offer = await within(accuracy).findByTestId('accuracy-replay');
    expect(offer).toHaveTextContent(
      /jusqu'à 200 de vos messages classés les plus récents, 2 crédits chacun : 400 crédits au plus/,
    );
    await user.click(within(offer).getByRole('button', { name: "Mesurer avec mon fournisseur d'IA" }));
    const dialog = await screen.findByRole('alertdialog', { name: "Dépenser jusqu'à 400 crédits ?" });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('with no credits left, says so instead of offering to measure', async () => {
    setup({
      'GET /api/email-settings/accuracy': { status: 200, body: null },
      'GET /api/email-settings/activity': activity('openai'),
      'GET /api/email-settings/accuracy/replay': { status: 200, body: replayOffer({ balance: 1 }) },
    });
    const offer = await within(await block()).findByTestId('accuracy-replay');
    expect(offer).toHaveTextContent('You have no credits left this month');
    expect(within(offer).queryByRole('button', { name: 'Measure with my AI provider' })).not.toBeInTheDocument();
  });

  it('offers no paid measure with the built-in engine', async () => {
    const { calls } = setup();
    const accuracy = await block();
    await within(accuracy).findByTestId('accuracy-overall');
    expect(within(accuracy).queryByTestId('accuracy-replay')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/email-settings/accuracy/replay')).toBe(false);
  });

  it('says when there was no filed mail to measure', async () => {
    setup({
      'GET /api/email-settings/accuracy': {
        status: 200,
        body: report({ judged: 0, agreed: 0, disagreements: [], categories: [] }),
      },
    });
    const accuracy = await block();
    expect(await within(accuracy).findByText("No filed mail to measure yet in your categories' folders.")).toBeVisible();
    expect(within(accuracy).getByTestId('accuracy-measured')).toHaveTextContent(/^Measured Nov 27, 2026/);
    expect(within(accuracy).queryByTestId('accuracy-overall')).not.toBeInTheDocument();
  });

  it('shows the loading skeleton, then an error with Retry', async () => {
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user } = setup({
      'GET /api/email-settings/accuracy': async () => {
        await held;
        return fail ? apiError(500, 'INTERNAL') : { status: 200, body: report() };
      },
    });
    const accuracy = await block();
    expect(within(accuracy).getByLabelText('Loading the accuracy on your past mail…')).toBeInTheDocument();
    release();
    expect(await within(accuracy).findByText('The accuracy on your past mail could not be loaded.')).toBeVisible();
    fail = false;
    await user.click(within(accuracy).getByRole('button', { name: 'Retry' }));
    expect(await within(accuracy).findByTestId('accuracy-overall')).toHaveTextContent('23 of 50');
  });

  it('asks for the report again when the server streams a setting event (the initialisation completed)', async () => {
    const listeners: Record<string, () => void> = {};
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener(name: string, listener: () => void) {
          listeners[name] = listener;
        }
        close() {}
      },
    );
    let body = null as ReturnType<typeof report> | null;
    const { calls } = setup({ 'GET /api/email-settings/accuracy': () => ({ status: 200, body }) });
    const accuracy = await block();
    await within(accuracy).findByText(/^Not measured yet/);
    const before = accuracyGets(calls);
    body = report();
    listeners.setting!();
    await waitFor(() => expect(accuracyGets(calls)).toBe(before + 1));
    expect(await within(accuracy).findByTestId('accuracy-overall')).toHaveTextContent('23 of 50');
  });

  it('shows the autopilot limit of a category in the table', async () => {
    setup({
      'GET /api/email-settings/categories': { status: 200, body: [category({ autopilotMinPrecision: 90 })] },
    });
    const table = await screen.findByRole('table', { name: 'Categories' });
    const badge = await within(table).findByText('Autopilot ≥ 90%');
    expect(badge).toHaveAttribute('title', 'Replies and forwards by itself only while its measured precision is at least 90%');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup();
    const accuracy = await block('Précision sur votre courrier passé');
    expect(
      within(accuracy).getByText(/relu le courrier que vous aviez classé dans le dossier de chaque catégorie/),
    ).toBeVisible();
    expect(await within(accuracy).findByTestId('accuracy-overall')).toHaveTextContent(
      /^Même choix que vous pour 23 messages sur 50 \(46\s%\)$/,
    );
    expect(within(accuracy).getByTestId('accuracy-measured')).toHaveTextContent(/^Mesurée le 27 nov\. 2026/);
    const quotes = within(within(accuracy).getByRole('list', { name: 'Par catégorie' })).getByRole('listitem', {
      name: 'Quotes',
    });
    expect(within(quotes).getByText('30 classés par vous, 25 choisis par l’assistant, 23 en commun')).toBeVisible();
    expect(within(quotes).getByRole('img', { name: /^Précision 92\s%$/ })).toBeVisible();
    expect(within(quotes).getByRole('img', { name: /^Rappel 77\s%$/ })).toBeVisible();
    expect(within(accuracy).getByRole('button', { name: 'Pas de précision : il n’aurait rien classé ici' })).toBeVisible();
    const list = within(accuracy).getByRole('list', { name: 'Là où il a choisi autrement' });
    const invoice = within(list).getByRole('listitem', { name: 'Invoice 981' });
    expect(within(invoice).getByText('Vous : Clients')).toBeVisible();
    expect(within(invoice).getByText('Assistant : laissé là où il est arrivé')).toBeVisible();
    await user.click(within(accuracy).getByRole('button', { name: 'Tout afficher (12)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
  });
});
