import type { MessageDetail } from '@app/shared/mailbox';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { afterSave, contentKey, draftFrom, draftFromSaved, identityOf, withAiText } from './compose-draft';

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
  likelySpam: false,
  replyCount: 0,
  size: 100,
  inReplyTo: null,
  references: ['<root@x>'],
  text: 'Here is the quote.\nBest, Ann',
  hasHtml: false,
  hasRemoteImages: false,
  attachments: [],
  folder: 'INBOX',
  isDraft: false,
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

describe('Draft with AI', () => {
  it('is offered in replies and forwards, for the message answered', () => {
    const en = i18n.getFixedT('en');
    expect(draftFrom('reply', message, 'owner@example.com', en).aiSource).toEqual({ uid: '7:1', folder: 'INBOX' });
    expect(draftFrom('forward', message, 'owner@example.com', en).aiSource).toEqual({ uid: '7:1', folder: 'INBOX' });
  });

  it("puts the engine's text over the quote, and replaces its own earlier text, never the owner's", () => {
    const quote = '\n\nOn Nov 3, 2026, 9:05 PM, Ann wrote:\n> Hi';
    const first = withAiText(quote, '  Thank you, the sod is 4.50 CAD a metre.\n');
    expect(first).toBe('Thank you, the sod is 4.50 CAD a metre.\n\nOn Nov 3, 2026, 9:05 PM, Ann wrote:\n> Hi');
    const again = withAiText(first, 'We deliver on Saturdays.', 'Thank you, the sod is 4.50 CAD a metre.');
    expect(again).toBe('We deliver on Saturdays.\n\nOn Nov 3, 2026, 9:05 PM, Ann wrote:\n> Hi');
    // Text the owner wrote stays, under the new one.
    expect(withAiText('My own words', 'AI text', 'Something else')).toBe('AI text\n\nMy own words');
    expect(withAiText('', 'AI text')).toBe('AI text');
  });
});

describe('saved drafts', () => {
  const saved: MessageDetail = {
    ...message,
    uid: '9:4',
    folder: 'Drafts',
    isDraft: true,
    subject: 'Re: Quote for March',
    from: { name: 'Owner', address: 'owner@example.com' },
    to: { value: [{ name: 'Ann Lee', address: 'Ann@Client.example' }] },
    cc: { value: [] },
    bcc: { value: [{ name: '', address: 'boss@example.com' }] },
    inReplyTo: '<m1@x>',
    references: ['<root@x>', '<m1@x>'],
    text: 'Thank you, Ann.\r\nSee you Saturday.\n\n',
  };

  it('reopens with its recipients, subject, text and threading, naming itself as the draft it replaces', () => {
    expect(draftFromSaved(saved)).toEqual({
      mode: 'draft',
      to: ['ann@client.example'],
      cc: [],
      bcc: ['boss@example.com'],
      subject: 'Re: Quote for March',
      body: 'Thank you, Ann.\nSee you Saturday.',
      inReplyTo: '<m1@x>',
      references: '<root@x> <m1@x>',
      draftUid: '9:4',
      draftFolder: 'Drafts',
    });
  });

  it('carries its attachments from itself, as a forward does', () => {
    const pdf = { index: 0, filename: 'quote.pdf', contentType: 'application/pdf', size: 2048, inline: false };
    expect(draftFromSaved({ ...saved, attachments: [pdf] })).toMatchObject({
      forwardUid: '9:4',
      forwardFolder: 'Drafts',
      forwarded: [pdf],
    });
  });

  it('after a save, names the new version; what it carries is read from it, never sent twice', () => {
    const reopened = identityOf(draftFromSaved(saved));
    expect(afterSave(reopened, { uid: '9:5', folder: 'Drafts' }, [])).toEqual({
      draftUid: '9:5',
      draftFolder: 'Drafts',
      forwardUid: undefined,
      forwardFolder: undefined,
      forwarded: undefined,
    });
    // A forward keeps reading the original until files are saved with it.
    const forward = identityOf(draftFrom('forward', message, 'owner@example.com', i18n.getFixedT('en')));
    expect(afterSave(forward, { uid: '9:6', folder: 'Drafts' }, [])).toMatchObject({ draftUid: '9:6', forwardUid: '7:1' });
    const withFile = afterSave(forward, { uid: '9:6', folder: 'Drafts' }, [{ name: 'offer.txt', type: 'text/plain', size: 5 }]);
    expect(withFile).toMatchObject({ draftUid: '9:6', forwardUid: '9:6', forwardFolder: 'Drafts' });
    expect(withFile.forwarded?.map((a) => a.filename)).toEqual(['offer.txt']);
    // The draft replaced carried attachments: the new version carries them now.
    const next = afterSave(withFile, { uid: '9:7', folder: 'Drafts' }, []);
    expect(next).toMatchObject({ draftUid: '9:7', forwardUid: '9:7', forwarded: withFile.forwarded });
    // A provider that does not say where the draft went: the next save starts a new one.
    expect(afterSave(reopened, { uid: null, folder: 'Drafts' }, [])).toMatchObject({ draftUid: undefined });
  });

  it('counts as changed only when what would be saved changes', () => {
    const draft = draftFromSaved(saved);
    expect(contentKey({ ...draft }, [])).toBe(contentKey(draftFromSaved(saved), []));
    expect(contentKey({ ...draft, body: 'x' }, [])).not.toBe(contentKey(draft, []));
    // A file saved with the draft is carried by it: the same content.
    const carried = { ...draft, forwarded: [{ index: 0, filename: 'a.txt', contentType: 'text/plain', size: 3, inline: false }] };
    expect(contentKey(carried, [])).toBe(contentKey(draft, [{ name: 'a.txt', size: 3 }]));
  });
});
