import type { MessageDetail } from '@app/shared/mailbox';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { draftFrom } from './compose-draft';

const message: MessageDetail = {
  uid: '7:1',
  messageId: '<m1@x>',
  subject: 'Re: Quote for March',
  from: { name: 'Ann Lee', address: 'ann@client.example' },
  to: {
    value: [
      { name: 'Owner', address: 'owner@example.com' },
      { name: '', address: 'bob@client.example' },
    ],
  },
  cc: { value: [{ name: '', address: 'Carol@client.example' }] },
  bcc: { value: [] },
  replyTo: [],
  date: new Date(2026, 10, 3, 21, 5).toISOString(),
  isUnread: false,
  isFlagged: false,
  hasAttachments: false,
  replyCount: 0,
  size: 100,
  inReplyTo: null,
  references: ['<root@x>'],
  text: 'Here is the quote.\nBest, Ann',
  hasHtml: false,
  hasRemoteImages: false,
  attachments: [],
  folder: 'INBOX',
};

describe('draftFrom', () => {
  it('replies under "On <date>, <sender> wrote:" with the quote, threaded', () => {
    const draft = draftFrom('reply', message, 'owner@example.com', i18n.getFixedT('en'));
    expect(draft.to).toEqual(['ann@client.example']);
    expect(draft.subject).toBe('Re: Quote for March');
    expect(draft.body).toBe(
      '\n\nOn Nov 3, 2026, 9:05 PM, Ann Lee <ann@client.example> wrote:\n> Here is the quote.\n> Best, Ann',
    );
    expect(draft).toMatchObject({ inReplyTo: '<m1@x>', references: '<root@x> <m1@x>' });
  });

  it('writes the quote line in French', () => {
    const draft = draftFrom('reply', message, 'owner@example.com', i18n.getFixedT('fr'));
    expect(draft.body).toContain('Le 3 nov. 2026, 21:05, Ann Lee <ann@client.example> a écrit :\n> Here is the quote.');
  });

  it('says only who wrote when the message has no date', () => {
    const draft = draftFrom('reply', { ...message, date: null }, 'owner@example.com', i18n.getFixedT('en'));
    expect(draft.body).toContain('\n\nAnn Lee <ann@client.example> wrote:\n> Here is the quote.');
  });

  it('names an unknown sender as the list does', () => {
    const draft = draftFrom('reply', { ...message, from: null }, 'owner@example.com', i18n.getFixedT('en'));
    expect(draft.body).toContain('On Nov 3, 2026, 9:05 PM, (unknown sender) wrote:');
  });

  it('replies to all but the user and the sender', () => {
    const draft = draftFrom('replyAll', message, 'Owner@example.com', i18n.getFixedT('en'));
    expect(draft.to).toEqual(['ann@client.example']);
    expect(draft.cc).toEqual(['bob@client.example', 'carol@client.example']);
  });

  it('forwards under the original headers: From, Date, Subject, To', () => {
    const draft = draftFrom('forward', message, 'owner@example.com', i18n.getFixedT('en'));
    expect(draft.subject).toBe('Fwd: Quote for March');
    expect(draft.to).toEqual([]);
    expect(draft.body).toBe(
      '\n\n---------- Forwarded message ----------\n' +
        'From: Ann Lee <ann@client.example>\n' +
        'Date: Nov 3, 2026, 9:05 PM\n' +
        'Subject: Re: Quote for March\n' +
        'To: Owner <owner@example.com>, bob@client.example\n\n' +
        'Here is the quote.\nBest, Ann',
    );
    const french = draftFrom('forward', message, 'owner@example.com', i18n.getFixedT('fr'));
    expect(french.body).toContain(
      '---------- Message transféré ----------\nDe : Ann Lee <ann@client.example>\nDate : 3 nov. 2026, 21:05\nObjet : Re: Quote for March\nÀ : ',
    );
  });
});
