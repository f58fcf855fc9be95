import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/**
 * The assistant works on new mail whenever it classifies or answers; the automatic initialisation
 * toggle (`isSyncEnabled`) only decides whether past mail is read.
 */
describe.skipIf(skip)('the assistant runs whatever the initialisation toggle says', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('files and drafts new mail in a mailbox connected with the initialisation off', async () => {
    const box = await f.connected(2, true, false);
    const category = await f.category(box, {
      classifierType: 'rules',
      name: 'Orders',
      rules: { subject: { operator: 'contains', values: ['order'] } },
    });
    const m = f.mail(box, { subject: 'New order', body: 'Hello, when can you deliver my order?' });
    await f.deliver(box, m.raw);
    const state = await f.processed(box, m.id);
    expect(state).toMatchObject({ status: 'done', category_id: category._id });
    const done = await f.actions(state.id);
    expect(done.map((a) => a.kind).sort()).toEqual(['draft', 'move']);
    expect(done.every((a) => a.status === 'done')).toBe(true);
    const [account] = await f.t.database.query<{ batch_status: string | null }>(
      'SELECT batch_status FROM mail_account WHERE id = $1',
      [box.setting._id],
    );
    expect(account?.batch_status).toBeNull();
    // The Getting started card sees the mailbox, the category and the first draft.
    expect((await f.t.call(box.user, 'GET', '/api/getting-started')).json()).toEqual({
      mailbox: true,
      categories: true,
      knowledge: false,
      firstDraft: true,
    });
  });

  it('switched off and on again, it starts from then: what arrived meanwhile is never answered', async () => {
    const box = await f.connected(2, false, false);
    const off = await f.t.call(box.user, 'PUT', '/api/email-settings', { id: box.setting._id, responseType: 0 });
    expect(off.statusCode).toBe(200);
    const [cleared] = await f.t.database.query<{ c: unknown }>('SELECT sync_checkpoint AS c FROM mail_account WHERE id = $1', [
      box.setting._id,
    ]);
    expect(cleared?.c).toBeNull();

    await f.until(
      async () =>
        (
          await f.t.database.query<{ owner: string | null }>('SELECT lease_owner AS owner FROM mail_account WHERE id = $1', [
            box.setting._id,
          ])
        )[0]?.owner === null,
    );
    const meanwhile = f.mail(box, { subject: 'While you were away', body: 'Hello, are you open on Sunday?' });
    await f.deliver(box, meanwhile.raw);
    const on = await f.t.call(box.user, 'PUT', '/api/email-settings', { id: box.setting._id, responseType: 2 });
    expect(on.statusCode).toBe(200);
    await f.until(
      async () =>
        (
          await f.t.database.query<{ c: unknown }>('SELECT sync_checkpoint AS c FROM mail_account WHERE id = $1', [
            box.setting._id,
          ])
        )[0]?.c,
    );
    const fresh = f.mail(box, { subject: 'Back again', body: 'Hello, are you open on Monday?' });
    await f.deliver(box, fresh.raw);
    const state = await f.processed(box, fresh.id);
    expect((await f.actions(state.id)).map((a) => [a.kind, a.status])).toEqual([['draft', 'done']]);
    const late = await f.t.database.query('SELECT id FROM mail_message WHERE mail_account_id = $1 AND message_id = $2', [
      box.setting._id,
      meanwhile.id,
    ]);
    expect(late).toEqual([]);
  });
});
