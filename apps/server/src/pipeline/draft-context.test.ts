import type { MailboxPage } from '@app/shared/mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';
import { draftAnswer, startOpenAiServer } from '../../test/vendors/openai-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

/**
 * What an AI provider is told when it drafts a reply, end to end over Dovecot (issue 39, item 2): the
 * conversation's earlier messages, the sender's last exchanges,
 * today's date in the owner's time zone, and the knowledge cut to the draft's token budget, the
 * longest entry first, never the message.
 */
describe.skipIf(skip)("the context of an AI provider's draft", () => {
  let vendor: Awaited<ReturnType<typeof startOpenAiServer>>;
  let f: PipelineFixture;
  beforeAll(async () => {
    vendor = await startOpenAiServer({ apiKey: 'test-key' });
    f = await startPipelineFixture({
      env: { ...vendor.env, AI_CONTEXT_TOKENS: '1000' },
    });
  });
  afterAll(async () => {
    await f?.stop();
    await vendor?.close();
  });

  it("gives today's date where the owner is, and cuts the longest knowledge entry to the budget, never the message", async () => {
    const box = await f.connected(2);
    const profile = { businessSector: 'retail', role: 'Owner', timeZone: 'Pacific/Auckland' };
    expect((await f.t.call(box.user, 'POST', '/api/user-profiles', profile)).statusCode).toBe(201);
    const terms = `Delivery terms. ${Array.from({ length: 700 }, (_, i) => `clause${i}`).join(' ')}`;
    for (const entry of [
      { title: 'Delivery terms', text: terms },
      { title: 'Delivery times', text: 'Delivery takes two working days.' },
    ])
      expect((await f.t.call(box.user, 'POST', '/api/data', entry)).statusCode).toBe(201);

    const body = `Hello, how long does delivery take to Wellington? ${Array.from({ length: 100 }, (_, i) => `detail${i}`).join(' ')}`;
    const ask = f.mail(box, { from: 'Ngaio <ngaio@client.test>', subject: 'Delivery', body });
    vendor.answers.push(draftAnswer('Kia ora Ngaio,\nDelivery takes two working days.\nBest regards'));
    await f.deliver(box, ask.raw);
    const state = await f.processed(box, ask.id);
    expect((await f.actions(state.id)).find((a) => a.kind === 'draft')).toMatchObject({ status: 'done' });

    const [request] = vendor.requests;
    const system = request!.messages.find((m) => m.role === 'system')!.content;
    const user = request!.messages.find((m) => m.role === 'user')!.content;
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'Pacific/Auckland' }).format(new Date());
    expect(system).toContain(`Today is ${day} at `);
    expect(system).toContain('(Pacific/Auckland)');
    expect(user).toContain(body);
    expect(user).toContain('Delivery takes two working days.');
    expect(user).toContain('Delivery terms. clause0 clause1');
    expect(user).not.toContain('clause699');
    expect(user).toMatch(/clause\d+…/);
    expect(system.length + user.length).toBeLessThan(1_000 * 4 + 200);
  });

  it("gives the sender's earlier messages and what was answered, newest first, and nobody else's", async () => {
    const box = await f.connected(2);
    const first = f.mail(box, {
      from: 'Rangi <rangi@client.test>',
      subject: 'Table booking',
      body: 'Can I book a table for six?',
    });
    const other = f.mail(box, { from: 'Mere <mere@client.test>', subject: 'Gift vouchers', body: 'Do you sell gift vouchers?' });
    const second = f.mail(box, { from: 'Rangi <rangi@client.test>', subject: 'Parking', body: 'Is there parking near you?' });
    vendor.reset();
    for (const [mail, answer] of [
      [first, 'Kia ora Rangi,\nYes, a table for six is booked for you.'],
      [other, 'Hello Mere,\nYes, we sell gift vouchers.'],
      [second, 'Kia ora Rangi,\nThere is parking behind the shop.'],
    ] as const) {
      vendor.answers.push(draftAnswer(answer));
      await f.deliver(box, mail.raw);
      await f.processed(box, mail.id);
    }
    const prompts = vendor.requests.map((r) => r.messages.find((m) => m.role === 'user')!.content);
    expect(prompts[0]).not.toContain('earlier messages');
    const last = prompts[2]!;
    expect(last).toContain("This sender's earlier messages to the owner");
    expect(last).toContain('subject: Table booking');
    expect(last).toContain('Yes, a table for six is booked for you.');
    expect(last).not.toContain('Gift vouchers');
  });

  it("gives the conversation's earlier messages read from the mailbox, the owner's reply from Sent, oldest first", async () => {
    const box = await f.connected(2);
    const first = f.mail(box, {
      from: 'Tama <tama@client.test>',
      subject: 'Catering',
      body: 'Can you cater for 30 people on 12 December?',
    });
    vendor.reset();
    vendor.answers.push(draftAnswer('Kia ora Tama,\nWe will come back to you.'));
    await f.deliver(box, first.raw);
    await f.processed(box, first.id);
    const reply =
      `From: Owner <${box.mailbox.user}>\r\nTo: Tama <tama@client.test>\r\nSubject: Re: Catering\r\n` +
      `Message-ID: <reply-catering@shop.test>\r\nIn-Reply-To: ${first.id}\r\nReferences: ${first.id}\r\n` +
      `Date: ${new Date(Date.now() + 60_000).toUTCString()}\r\n\r\n` +
      'Yes, we can cater for 30 people. Do you need vegetarian meals?\r\n\r\n> Can you cater for 30 people on 12 December?\r\n';
    await f.deliver(box, reply, 'Sent');
    const second = f.mail(box, {
      from: 'Tama <tama@client.test>',
      subject: 'Re: Catering',
      body: 'Yes, two vegetarian meals please. What would it cost?',
      headers: `In-Reply-To: <reply-catering@shop.test>\r\nReferences: ${first.id} <reply-catering@shop.test>\r\n`,
    });
    vendor.answers.push(draftAnswer('Kia ora Tama,\nHere is the price.'));
    await f.deliver(box, second.raw);
    await f.processed(box, second.id);

    const prompt = vendor.requests[1]!.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toContain('The earlier messages of this conversation, oldest first:');
    const asked = prompt.indexOf('Can you cater for 30 people on 12 December?');
    const answered = prompt.indexOf('Yes, we can cater for 30 people. Do you need vegetarian meals?');
    expect(asked).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(asked);
    expect(prompt).toContain(`from Owner <${box.mailbox.user}>`);
    // The reply's own words only: its quote of the first message is not given twice.
    expect(prompt.match(/Can you cater for 30 people on 12 December\?/g)).toHaveLength(1);

    // The webmail's "Draft with AI" is given the same conversation.
    const inbox = (await f.t.call(box.user, 'GET', '/api/mailbox?folder=INBOX')).json<MailboxPage>().messages;
    const uid = inbox.find((m) => m.subject === 'Re: Catering')!.uid;
    vendor.answers.push(draftAnswer('Kia ora Tama,\nHere is the price.'));
    const drafted = await f.t.call(box.user, 'POST', `/api/mailbox/messages/${encodeURIComponent(uid)}/ai-draft`, {
      folder: 'INBOX',
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const webmail = vendor.requests.at(-1)!.messages.find((m) => m.role === 'user')!.content;
    expect(webmail).toContain('The earlier messages of this conversation, oldest first:');
    expect(webmail).toContain('Yes, we can cater for 30 people. Do you need vegetarian meals?');
  });
});
