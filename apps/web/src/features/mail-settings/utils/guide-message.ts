/**
 * The classification guide shown on /email-settings after a mailbox is connected: passed in
 * navigation state as an i18n key (so it follows a language change) and rendered as sanitised HTML.
 */
export const GUIDE_MESSAGE_KEY = 'mailSettings.guideMessage';
