import { within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubBrowserApis } from '@/test/mock-api';
import { LONG_REPLY, NO_REPLIES, REPLIES, replyExample, report } from '../testing/accuracy';
import { accuracyBlock as block, setupAccuracyRoute as setup } from '../testing/accuracy-route';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TITLE = "Your replies and the assistant's drafts";
const EXPLANATION =
  "Similarity is the share of words the assistant's draft and your reply have in common, counted both ways: 100% means the same words.";
const NONE = 'No reply of yours found in Sent over the period: nothing to compare yet.';

/** The replies' examples, found by the list named after the sub-section's title. */
const examples = async (region: HTMLElement, title = TITLE) => within(region).findByRole('list', { name: title });

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('MailSettingsRoute accuracy: the replies next to the drafts', () => {
  it('gives the mean similarity of the latest replies and explains the measure, under a heading of the card', async () => {
    setup();
    const accuracy = await block();
    expect(await within(accuracy).findByRole('heading', { level: 3, name: TITLE })).toBeVisible();
    expect(within(accuracy).getByTestId('accuracy-replies-mean')).toHaveTextContent(
      /^On your 12 latest replies, the drafts share 42% of their words with what you wrote\.$/,
    );
    expect(within(accuracy).getByText(EXPLANATION)).toBeVisible();
    expect(within(accuracy).queryByText(NONE)).not.toBeInTheDocument();
  });

  it('says it of a single reply in the singular', async () => {
    setup({
      'GET /api/email-settings/accuracy': {
        status: 200,
        body: report({ replies: { judged: 1, meanSimilarity: 0.81, examples: [replyExample()] } }),
      },
    });
    const accuracy = await block();
    expect(await within(accuracy).findByTestId('accuracy-replies-mean')).toHaveTextContent(
      /^On your latest reply, the draft shares 81% of its words with what you wrote\.$/,
    );
  });

  it('sets each draft beside the reply, in labelled columns, with the similarity and a link to the message answered', async () => {
    const { user } = setup();
    const accuracy = await block();
    const list = await examples(accuracy);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const quote = within(list).getByRole('listitem', { name: 'Re: Price for 200 chairs' });
    const heading = within(quote).getByRole('heading', { level: 4, name: 'Re: Price for 200 chairs' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/inbox?folder=Quotes&uid=42');
    expect(within(quote).getByText('Similarity 81%')).toBeVisible();
    expect(within(quote).getByText(/^Nov 21, 2026/)).toBeVisible();
    const draft = within(quote).getByRole('group', { name: "The assistant's draft" });
    const reply = within(quote).getByRole('group', { name: 'Your reply' });
    const draftText = within(draft).getByText(/4,000 euros/);
    expect(draftText.textContent).toBe(REPLIES.examples[0]!.draft);
    expect(draftText).toHaveClass('whitespace-pre-wrap');
    expect(draftText).not.toHaveClass('line-clamp-8');
    expect(within(reply).getByText(/3,800 euros/).textContent).toBe(REPLIES.examples[0]!.reply);
    // Side by side on wide screens, one above the other on narrow ones.
    expect(draft.parentElement).toBe(reply.parentElement);
    expect(draft.parentElement).toHaveClass('grid', 'md:grid-cols-2');
    expect(within(quote).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    const invoice = within(list).getByRole('listitem', { name: 'Re: Invoice 981' });
    expect(within(invoice).getByRole('link', { name: 'Re: Invoice 981' })).toHaveAttribute(
      'href',
      '/inbox?folder=Clients%2F2024&uid=7',
    );
    expect(within(invoice).getByText('Similarity 12%')).toBeVisible();
    expect(within(invoice).queryByRole('time')).not.toBeInTheDocument();
    expect(
      within(within(invoice).getByRole('group', { name: "The assistant's draft" })).getByText(
        'Thank you, we will pay it this week.',
      ),
    ).toBeVisible();

    // The long reply shows its first lines, both columns open together.
    const longText = within(within(invoice).getByRole('group', { name: 'Your reply' })).getByText(/Line 12 of my answer/);
    expect(longText.textContent).toBe(LONG_REPLY);
    expect(longText).toHaveClass('line-clamp-8');
    const more = within(invoice).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more.getAttribute('aria-controls')?.split(' ')).toContain(longText.id);
    await user.click(more);
    expect(longText).not.toHaveClass('line-clamp-8');
    const less = within(invoice).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(longText).toHaveClass('line-clamp-8');
  });

  it('says when no reply was found to compare', async () => {
    setup({ 'GET /api/email-settings/accuracy': { status: 200, body: report({ replies: NO_REPLIES }) } });
    const accuracy = await block();
    expect(await within(accuracy).findByText(NONE)).toBeVisible();
    expect(within(accuracy).getByRole('heading', { level: 3, name: TITLE })).toBeVisible();
    expect(within(accuracy).queryByTestId('accuracy-replies-mean')).not.toBeInTheDocument();
    expect(within(accuracy).queryByText(EXPLANATION)).not.toBeInTheDocument();
    expect(within(accuracy).queryByRole('list', { name: TITLE })).not.toBeInTheDocument();
  });

  it('shows the replies even when there was no filed mail to measure', async () => {
    setup({
      'GET /api/email-settings/accuracy': {
        status: 200,
        body: report({ judged: 0, agreed: 0, disagreements: [], categories: [] }),
      },
    });
    const accuracy = await block();
    expect(await within(accuracy).findByText("No filed mail to measure yet in your categories' folders.")).toBeVisible();
    expect(within(accuracy).getByTestId('accuracy-replies-mean')).toHaveTextContent('On your 12 latest replies');
    expect(within(await examples(accuracy)).getAllByRole('listitem')).toHaveLength(2);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup();
    const accuracy = await block('Précision sur votre courrier passé');
    const title = 'Vos réponses et les brouillons de l’assistant';
    expect(await within(accuracy).findByRole('heading', { level: 3, name: title })).toBeVisible();
    expect(within(accuracy).getByTestId('accuracy-replies-mean')).toHaveTextContent(
      /^Sur vos 12 dernières réponses, les brouillons partagent 42\s% de leurs mots avec ce que vous avez écrit\.$/,
    );
    expect(
      within(accuracy).getByText(
        'La similarité est la part des mots communs au brouillon de l’assistant et à votre réponse, comptée dans les deux sens : 100 % signifie les mêmes mots.',
      ),
    ).toBeVisible();
    const invoice = within(await examples(accuracy, title)).getByRole('listitem', { name: 'Re: Invoice 981' });
    expect(within(invoice).getByText(/^Similarité 12\s%$/)).toBeVisible();
    expect(within(invoice).getByRole('group', { name: 'Le brouillon de l’assistant' })).toBeVisible();
    expect(within(invoice).getByRole('group', { name: 'Votre réponse' })).toBeVisible();
    await user.click(within(invoice).getByRole('button', { name: 'Afficher plus' }));
    expect(within(invoice).getByRole('button', { name: 'Afficher moins' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says in French when no reply was found', async () => {
    await i18n.changeLanguage('fr');
    setup({ 'GET /api/email-settings/accuracy': { status: 200, body: report({ replies: NO_REPLIES }) } });
    const accuracy = await block('Précision sur votre courrier passé');
    expect(
      await within(accuracy).findByText(
        'Aucune réponse de votre part trouvée dans les Envoyés sur la période : rien à comparer pour l’instant.',
      ),
    ).toBeVisible();
  });
});
