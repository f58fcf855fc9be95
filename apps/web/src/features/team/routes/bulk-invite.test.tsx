import { BULK_BATCH_SIZE } from '@app/shared/invitations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi } from '@/test/mock-api';
import { invitation, sessionUser } from '../testing/mock-api';
import { renderAt } from '../testing/render';
import { BULK_STORAGE_KEY } from '../utils/bulk-storage';
import { BulkInviteRoute } from './bulk-invite';

const HEADER = 'firstName,lastName,email,enableSetting,connectionMethod';
const csv = (lines: string[], name = 'team.csv', type = 'text/csv') => new File([[HEADER, ...lines].join('\n')], name, { type });
const validLines = (n: number) => Array.from({ length: n }, (_, i) => `F${i},L${i},user${i}@example.com,yes,google`);

const session = { status: 200, body: sessionUser() };
const renderBulk = () => renderAt(<BulkInviteRoute />, { path: '/users/bulk' });

async function choose(file: File) {
  // The accept attribute would filter the wrong types out; the screen must refuse them itself.
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(await screen.findByLabelText('CSV file'), file);
  return user;
}

const uploadButton = () => screen.getByRole('button', { name: 'Upload Validated Data' });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('BulkInviteRoute', () => {
  it('shows the formatting guide, builds the example file, and waits for a file', async () => {
    mockApi({ 'GET /api/session': session });
    // jsdom has no object URLs: lend the two functions for this test.
    const original = Object.getOwnPropertyDescriptors(URL);
    const createObjectURL = vi.fn((_: Blob) => 'blob:example');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderBulk();
      expect(await screen.findByRole('heading', { name: 'Formatting guide' })).toBeInTheDocument();
      expect(uploadButton()).toBeDisabled();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Download example CSV' }));
      expect(click).toHaveBeenCalled();
      const blob = createObjectURL.mock.calls[0]![0];
      expect((await blob.text()).split('\r\n')[0]).toBe(HEADER);
    } finally {
      click.mockRestore();
      for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
        const descriptor = original[name];
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else Reflect.deleteProperty(URL, name);
      }
    }
  });

  it('offers its own file picker in the interface language, and names the chosen file', async () => {
    mockApi({ 'GET /api/session': session });
    await i18n.changeLanguage('fr');
    renderBulk();
    const picker = await screen.findByRole('button', { name: 'Choisir un fichier' });
    expect(screen.getByTestId('csv-file-name')).toHaveTextContent('Aucun fichier choisi');
    const input = screen.getByLabelText('Fichier CSV');
    const click = vi.spyOn(input, 'click');
    await userEvent.setup().click(picker);
    expect(click).toHaveBeenCalled();
    await userEvent.setup().upload(input, csv(validLines(1), 'equipe.csv'));
    expect(screen.getByTestId('csv-file-name')).toHaveTextContent('equipe.csv');
  });

  it('refuses a file that is not a CSV', async () => {
    mockApi({ 'GET /api/session': session });
    renderBulk();
    await choose(new File(['x'], 'team.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid file type. Please upload a CSV file.');
    expect(uploadButton()).toBeDisabled();
  });

  it('names the missing headers', async () => {
    mockApi({ 'GET /api/session': session });
    renderBulk();
    await choose(new File(['firstName,email\nJane,jane@example.com\n'], 'team.csv', { type: 'text/csv' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Missing required header names: lastName, enableSetting, connectionMethod');
    expect(alert).toHaveTextContent('Invalid CSV structure: missing required columns.');
    expect(uploadButton()).toBeDisabled();
  });

  it('lists every row problem with the summary, and keeps Upload disabled', async () => {
    mockApi({ 'GET /api/session': session });
    renderBulk();
    await choose(
      csv([
        'Jane,Doe,jane@example.com,true,email/password',
        'Bad,Email,not-an-email,true,google',
        'Dup,Licate,JANE@example.com,no,google',
        'No,Method,nomethod@example.com,1,fax',
        'No,Setting,nosetting@example.com,perhaps,microsoft',
      ]),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Validation failed with 4 errors')).toBeInTheDocument();
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Row 2: Invalid or missing email (not-an-email)',
      'Row 3: Duplicate email address (JANE@example.com)',
      'Row 4: Invalid or missing connection method (fax)',
      'Row 5: Invalid or missing enableSetting (true/false, 1/0 or yes/no) (perhaps)',
    ]);
    expect(uploadButton()).toBeDisabled();
    expect(sessionStorage.getItem(BULK_STORAGE_KEY)).toBeNull();
  });

  it('lists the first 100 problems and counts the others', async () => {
    mockApi({ 'GET /api/session': session });
    renderBulk();
    await choose(csv(Array.from({ length: 130 }, (_, i) => `A,B,bad${i},yes,google`)));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Validation failed with 130 errors')).toBeInTheDocument();
    expect(within(alert).getAllByRole('listitem')).toHaveLength(100);
    expect(within(alert).getByText('…and 30 more problems.')).toBeInTheDocument();
  });

  it('says when a file has no data, and when it cannot be parsed', async () => {
    mockApi({ 'GET /api/session': session });
    renderBulk();
    await choose(csv([]));
    expect(await screen.findByRole('alert')).toHaveTextContent('No validated data to upload.');
    expect(uploadButton()).toBeDisabled();
    await choose(csv(['"Jane,Doe,jane@example.com,true,google', 'John,Roe,john@example.com,true,google']));
    expect(await screen.findByText('Error parsing CSV file.')).toBeInTheDocument();
  });

  it('uploads a valid file in batches of 500, keeping the rest in session storage until done', async () => {
    const stored: (number | null)[] = [];
    const { calls } = mockApi({
      'GET /api/session': session,
      'POST /api/invitations/bulk': ({ body }) => {
        const raw = sessionStorage.getItem(BULK_STORAGE_KEY);
        stored.push(raw ? (JSON.parse(raw) as { rows: unknown[] }).rows.length : null);
        const sent = (body as { invitations: unknown[] }).invitations;
        return {
          status: 201,
          body: { invitations: sent.map((_, i) => invitation({ _id: `x${i}`, id: `x${i}` })), total: sent.length },
        };
      },
    });
    const { router } = renderBulk();
    const user = await choose(csv(validLines(1001)));
    expect(await screen.findByText('1,001 users from team.csv are ready to invite.')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(BULK_STORAGE_KEY)!)).toMatchObject({ fileName: 'team.csv', total: 1001 });
    await user.click(uploadButton());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await screen.findByText('1,001 invitations sent')).toBeInTheDocument();
    const batches = calls
      .filter((c) => c.path === '/api/invitations/bulk')
      .map((c) => (c.body as { invitations: unknown[] }).invitations);
    expect(batches.map((b) => b.length)).toEqual([BULK_BATCH_SIZE, BULK_BATCH_SIZE, 1]);
    expect(batches[0]![0]).toEqual({
      email: 'user0@example.com',
      firstName: 'F0',
      lastName: 'L0',
      connectionMethod: 'google',
      metadata: { hasAiConfig: true },
    });
    // Before each batch, the rows not yet accepted are the ones kept.
    expect(stored).toEqual([1001, 501, 1]);
    expect(sessionStorage.getItem(BULK_STORAGE_KEY)).toBeNull();
  });

  it('says when invitations were saved but their mail was refused', async () => {
    mockApi({
      'GET /api/session': session,
      'POST /api/invitations/bulk': {
        status: 201,
        body: { invitations: [invitation(), invitation({ _id: 'x', id: 'x', status: 'FAILED' })], total: 2 },
      },
    });
    const { router } = renderBulk();
    const user = await choose(csv(validLines(2)));
    await user.click(await screen.findByRole('button', { name: 'Upload Validated Data' }));
    expect(
      await screen.findByText('1 invitation was saved but its email could not be sent: use Resend in the list.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('stops at a refused batch, says how far it got, and keeps the rest for the next try', async () => {
    let accepted = 0;
    mockApi({
      'GET /api/session': session,
      'POST /api/invitations/bulk': ({ body }) => {
        if (accepted > 0) return apiError(429, 'INVITATION_DAILY_LIMIT', 'At most 1000 invitations can be sent per day');
        accepted += (body as { invitations: unknown[] }).invitations.length;
        return { status: 201, body: { invitations: [], total: 0 } };
      },
    });
    const { router } = renderBulk();
    const user = await choose(csv(validLines(700)));
    await user.click(await screen.findByRole('button', { name: 'Upload Validated Data' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('At most 1000 invitations can be sent per day. Try again tomorrow.');
    expect(alert).toHaveTextContent('500 of 700 invitations were sent before this error. The 200 others are kept');
    expect(router.state.location.pathname).toBe('/users/bulk');
    expect(JSON.parse(sessionStorage.getItem(BULK_STORAGE_KEY)!)).toMatchObject({ total: 700 });
    expect((JSON.parse(sessionStorage.getItem(BULK_STORAGE_KEY)!) as { rows: unknown[] }).rows).toHaveLength(200);
  });

  it('comes back to the validated rows kept in session storage', async () => {
    sessionStorage.setItem(
      BULK_STORAGE_KEY,
      JSON.stringify({
        fileName: 'earlier.csv',
        total: 3,
        rows: [
          { email: 'a@example.com', firstName: '', lastName: '', connectionMethod: 'google', metadata: { hasAiConfig: false } },
        ],
      }),
    );
    const { calls } = mockApi({
      'GET /api/session': session,
      'POST /api/invitations/bulk': { status: 201, body: { invitations: [], total: 1 } },
    });
    renderBulk();
    expect(await screen.findByText('1 user from earlier.csv is still to invite.')).toBeInTheDocument();
    await userEvent.setup().click(uploadButton());
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('shows the server refusal of a whole batch', async () => {
    mockApi({
      'GET /api/session': session,
      'POST /api/invitations/bulk': apiError(409, 'USER_EXISTS', 'user1@example.com already has an account'),
    });
    renderBulk();
    const user = await choose(csv(validLines(3)));
    await user.click(await screen.findByRole('button', { name: 'Upload Validated Data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('user1@example.com already has an account.');
  });

  it('is not offered to a billable owner below BIZ', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser({ billable: true, plan: 'pro' }) } });
    const { router } = renderBulk();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /api/session': session });
    renderBulk();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Fichier CSV'), csv(['A,B,bad,yes,google']));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La validation a échoué avec 1 erreur');
    expect(alert).toHaveTextContent('Ligne 1 : E-mail invalide ou manquant');
    expect(screen.getByRole('button', { name: 'Importer les données validées' })).toBeDisabled();
  });
});
