/**
 * The mail servers of common hosts that still accept password logins (most of them an app
 * password), bundled so that the connect form fills in the IMAP/SMTP fields from the address with
 * no network. Checked against the hosts' help pages and Thunderbird's ISPDB (docs/decisions.md).
 * Every guess stays editable. No zod here: the connect form imports it.
 */

/** How a side of the connection is protected: TLS from the start, STARTTLS, or none (private hosts only). */
export const MAIL_SECURITIES = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITIES)[number];

/** One server as a guess: what the form fills in. */
export type MailServerGuess = { host: string; port: number; security: 'tls' | 'starttls' };
/** The login a host expects: the whole address (default) or the part before the @. */
export type MailLoginKind = 'address' | 'localPart';

export interface MailPreset {
  id: string;
  /** The host's own name, not translated. */
  name: string;
  domains: readonly string[];
  /** Ends of MX host names that show a domain's mail is hosted there (custom domains). */
  mx?: readonly string[];
  imap: MailServerGuess;
  smtp: MailServerGuess;
  imapLogin?: MailLoginKind;
  smtpLogin?: MailLoginKind;
  /** What the user must do first: create an app password, or turn IMAP access on. */
  note?: 'appPassword' | 'enableImap';
  /** The host's page for that. */
  help?: string;
}

const tls = (host: string, port: number): MailServerGuess => ({ host, port, security: 'tls' });
const starttls = (host: string, port: number): MailServerGuess => ({ host, port, security: 'starttls' });
const list = (text: string) => text.split(' ');

const ionos = (tld: string): MailPreset => ({
  id: `ionos-${tld.replace(/\./g, '-')}`,
  name: 'IONOS',
  domains: [],
  mx: [`ionos.${tld}`, ...(tld === 'de' ? ['kundenserver.de'] : [])],
  imap: tls(`imap.ionos.${tld}`, 993),
  smtp: tls(`smtp.ionos.${tld}`, 465),
});

export const MAIL_PRESETS: readonly MailPreset[] = [
  {
    id: 'gmail',
    name: 'Gmail',
    domains: list('gmail.com googlemail.com'),
    mx: list('google.com googlemail.com'),
    imap: tls('imap.gmail.com', 993),
    smtp: tls('smtp.gmail.com', 465),
    note: 'appPassword',
    help: 'https://myaccount.google.com/apppasswords',
  },
  {
    id: 'icloud',
    name: 'iCloud Mail',
    domains: list('icloud.com me.com mac.com'),
    imap: tls('imap.mail.me.com', 993),
    smtp: starttls('smtp.mail.me.com', 587),
    imapLogin: 'localPart',
    note: 'appPassword',
    help: 'https://support.apple.com/102654',
  },
  {
    id: 'yahoo',
    name: 'Yahoo Mail',
    domains: list(
      'yahoo.com yahoo.fr yahoo.co.uk yahoo.de yahoo.es yahoo.it yahoo.ca yahoo.com.au yahoo.com.br ymail.com rocketmail.com',
    ),
    imap: tls('imap.mail.yahoo.com', 993),
    smtp: tls('smtp.mail.yahoo.com', 465),
    note: 'appPassword',
    help: 'https://help.yahoo.com/kb/SLN15241.html',
  },
  {
    id: 'aol',
    name: 'AOL Mail',
    domains: list('aol.com aol.fr aol.de aol.co.uk aim.com'),
    imap: tls('imap.aol.com', 993),
    smtp: tls('smtp.aol.com', 465),
    note: 'appPassword',
    help: 'https://help.aol.com/articles/Create-and-manage-app-password',
  },
  {
    id: 'fastmail',
    name: 'Fastmail',
    domains: list('fastmail.com fastmail.fm'),
    mx: list('messagingengine.com'),
    imap: tls('imap.fastmail.com', 993),
    smtp: tls('smtp.fastmail.com', 465),
    note: 'appPassword',
    help: 'https://www.fastmail.help/hc/en-us/articles/360058752854',
  },
  {
    id: 'gmx',
    name: 'GMX',
    domains: list('gmx.net gmx.de gmx.at gmx.ch'),
    imap: tls('imap.gmx.net', 993),
    smtp: tls('mail.gmx.net', 465),
    note: 'enableImap',
    help: 'https://hilfe.gmx.net/pop-imap/einschalten.html',
  },
  {
    id: 'gmx-com',
    name: 'GMX',
    domains: list('gmx.com gmx.fr gmx.co.uk gmx.us gmx.es gmx.it'),
    imap: tls('imap.gmx.com', 993),
    smtp: tls('mail.gmx.com', 465),
    note: 'enableImap',
  },
  {
    id: 'webde',
    name: 'WEB.DE',
    domains: ['web.de'],
    imap: tls('imap.web.de', 993),
    smtp: tls('smtp.web.de', 465),
    imapLogin: 'localPart',
    smtpLogin: 'localPart',
    note: 'enableImap',
    help: 'https://hilfe.web.de/pop-imap/einschalten.html',
  },
  {
    id: 'zoho',
    name: 'Zoho Mail',
    domains: list('zoho.com zohomail.com'),
    imap: tls('imap.zoho.com', 993),
    smtp: tls('smtp.zoho.com', 465),
    note: 'enableImap',
    help: 'https://www.zoho.com/mail/help/imap-access.html',
  },
  {
    id: 'zoho-eu',
    name: 'Zoho Mail',
    domains: list('zoho.eu zohomail.eu'),
    imap: tls('imap.zoho.eu', 993),
    smtp: tls('smtp.zoho.eu', 465),
    note: 'enableImap',
    help: 'https://www.zoho.com/mail/help/imap-access.html',
  },
  // A domain of one's own at Zoho (found by its MX records) uses the organisation servers.
  {
    id: 'zoho-pro',
    name: 'Zoho Mail',
    domains: [],
    mx: ['zoho.com'],
    imap: tls('imappro.zoho.com', 993),
    smtp: tls('smtppro.zoho.com', 465),
    note: 'enableImap',
    help: 'https://www.zoho.com/mail/help/imap-access.html',
  },
  {
    id: 'zoho-pro-eu',
    name: 'Zoho Mail',
    domains: [],
    mx: ['zoho.eu'],
    imap: tls('imappro.zoho.eu', 993),
    smtp: tls('smtppro.zoho.eu', 465),
    note: 'enableImap',
    help: 'https://www.zoho.com/mail/help/imap-access.html',
  },
  ionos('fr'),
  ionos('de'),
  ionos('co.uk'),
  ionos('es'),
  ionos('com'),
  {
    id: 'ovh',
    name: 'OVHcloud',
    domains: [],
    mx: ['ovh.net'],
    imap: tls('ssl0.ovh.net', 993),
    smtp: tls('ssl0.ovh.net', 465),
  },
  {
    id: 'orange',
    name: 'Orange',
    domains: list('orange.fr wanadoo.fr'),
    imap: tls('imap.orange.fr', 993),
    smtp: tls('smtp.orange.fr', 465),
  },
  {
    id: 'free',
    name: 'Free',
    domains: ['free.fr'],
    imap: tls('imap.free.fr', 993),
    smtp: tls('smtp.free.fr', 465),
    imapLogin: 'localPart',
    smtpLogin: 'localPart',
  },
  {
    id: 'laposte',
    name: 'La Poste',
    domains: ['laposte.net'],
    imap: tls('imap.laposte.net', 993),
    smtp: tls('smtp.laposte.net', 465),
    imapLogin: 'localPart',
    smtpLogin: 'localPart',
  },
  {
    id: 'sfr',
    name: 'SFR',
    domains: list('sfr.fr neuf.fr club-internet.fr'),
    imap: tls('imap.sfr.fr', 993),
    smtp: tls('smtp.sfr.fr', 465),
  },
  {
    id: 'posteo',
    name: 'Posteo',
    domains: list('posteo.de posteo.net posteo.eu posteo.org posteo.at posteo.ch posteo.com'),
    imap: tls('posteo.de', 993),
    smtp: tls('posteo.de', 465),
  },
  {
    id: 'telekom',
    name: 'Telekom',
    domains: list('t-online.de magenta.de'),
    imap: tls('secureimap.t-online.de', 993),
    smtp: tls('securesmtp.t-online.de', 465),
    note: 'appPassword',
    help: 'https://www.telekom.de/hilfe/apps-dienste/e-mail/programme/passwort-verwalten',
  },
];

/**
 * Outlook.com and Microsoft 365 refuse password logins (basic authentication is off): these
 * addresses are sent to the Outlook card. The list is Outlook.com's own domains.
 */
const MICROSOFT_DOMAINS = new Set([
  ...list('hotmail.com live.com msn.com outlook.com windowslive.com passport.com livemail.tw'),
  ...list(
    'at be cl cz de dk es fr hu ie in it jp kr lv my ph pt sa sg sk co.id co.il co.th com.ar com.au com.br com.gr com.tr com.vn',
  ).map((tld) => `outlook.${tld}`),
  ...list(
    'be ca cl cz de dk es fi fr gr hu it lt lv my nl no ph rs se sg sk co.id co.il co.in co.jp co.kr co.th co.uk co.za com.ar com.au com.br com.hk com.tr com.tw com.vn',
  ).map((tld) => `hotmail.${tld}`),
  ...list(
    'at be ca cl cn de dk fi fr hk ie in it jp nl no ru se co.jp co.kr co.uk co.za com.ar com.au com.mx com.my com.ph com.pt com.sg',
  ).map((tld) => `live.${tld}`),
]);
/** MX hosts of Microsoft 365 and Outlook.com (`*.mail.protection.outlook.com`, `*.olc.protection.outlook.com`). */
const MICROSOFT_MX = 'protection.outlook.com';

/** The domain of an address, lower-cased, or null when it has none. */
export function emailDomain(address: string): string | null {
  const at = address.trim().lastIndexOf('@');
  const domain =
    at > 0
      ? address
          .trim()
          .slice(at + 1)
          .toLowerCase()
          .replace(/\.$/, '')
      : '';
  return /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/** The part of an address before the @. */
export const emailLocalPart = (address: string) => address.trim().slice(0, Math.max(0, address.trim().lastIndexOf('@')));

export const presetForDomain = (domain: string): MailPreset | null =>
  MAIL_PRESETS.find((p) => p.domains.includes(domain.toLowerCase())) ?? null;

export const presetById = (id: string): MailPreset | null => MAIL_PRESETS.find((p) => p.id === id) ?? null;

export const isMicrosoftDomain = (domain: string) => MICROSOFT_DOMAINS.has(domain.toLowerCase());

const endsWithLabel = (name: string, suffix: string) => name === suffix || name.endsWith(`.${suffix}`);

/** What a domain's MX hosts say: Microsoft (the Outlook card), a preset's host, or nothing known. */
export function hostOfMx(mxHosts: readonly string[]): { microsoft: true } | { preset: MailPreset } | null {
  const names = mxHosts.map((h) => h.toLowerCase().replace(/\.$/, ''));
  if (names.some((n) => endsWithLabel(n, MICROSOFT_MX))) return { microsoft: true };
  for (const name of names) {
    const preset = MAIL_PRESETS.find((p) => p.mx?.some((suffix) => endsWithLabel(name, suffix)));
    if (preset) return { preset };
  }
  return null;
}
