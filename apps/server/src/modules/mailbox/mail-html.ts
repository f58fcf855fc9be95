import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';

/**
 * HTML mail made inert (DESIGN §7): DOMPurify over jsdom, then the result is shown from its own
 * endpoint under a CSP without scripts, in a sandboxed iframe. Remote images (img src/srcset,
 * background attributes, CSS url()) are dropped unless the user allowed them for the message;
 * the CSP of the body endpoint blocks them as well, so a miss here still sends no request.
 */
let purifier: DOMPurify | null = null;

/**
 * jsdom (~80 MB of memory) is loaded with the first HTML mail, not by every process at start:
 * workers never show mail, and an api process may go a while without.
 */
function domPurify(): DOMPurify {
  if (!purifier) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof Jsdom;
    purifier = createDOMPurify(new JSDOM('').window);
  }
  return purifier;
}

const FORBID_TAGS = [
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'meta',
  'link',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'script',
  'noscript',
  'template',
  'portal',
];
const FORBID_ATTR = ['action', 'formaction', 'ping', 'srcdoc', 'http-equiv'];

const REMOTE = /^\s*(?:https?:)?\/\//i;
const CSS_URL = /url\(\s*(['"]?)\s*((?:https?:)?\/\/[^)'"]*)\1\s*\)/gi;
/** `image-set("https://…" 1x)` loads a quoted string as an image, without `url()`. */
const CSS_IMAGE_SET = /(?:-webkit-)?image-set\([^)]*?(?:https?:)?\/\/[^)]*\)/gi;
const CSS_DANGER = /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import/i;
/** Where a link in a mail may go: out of the product, to a web page or a mail address. */
const EXTERNAL_LINK = /^\s*(?:https?:\/\/|mailto:)/i;
const DATA_IMAGE = /^\s*data:image\/(?:png|gif|jpe?g|webp|bmp);/i;

/**
 * CSS as the browser reads it: comments dropped and escapes decoded (`\75 rl(`, `\2f\2f`), so that
 * what is judged below is what would load. CSS values have no escapes left that we need.
 */
function decodedCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?/gi, (_, hex: string) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\([^\r\n\f0-9a-f])/gi, '$1');
}

export interface SanitizeOptions {
  allowRemoteImages: boolean;
  /** `cid:` references resolved to data: URLs (inline images of the message). */
  inlineImages?: Map<string, string>;
}

export interface SanitizedHtml {
  html: string;
  /** The message asked for remote images (whether or not they were kept). */
  hadRemoteImages: boolean;
}

export function sanitizeMailHtml(dirty: string, options: SanitizeOptions): SanitizedHtml {
  let hadRemoteImages = false;
  const cleanCss = (raw: string) => {
    let css = decodedCss(raw);
    if (CSS_DANGER.test(css)) {
      css = css
        .replace(/@import[^;]*;?/gi, '')
        .replace(/expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/gi, 'blocked(');
    }
    const remote = (whole: string) => {
      hadRemoteImages = true;
      return options.allowRemoteImages ? whole : 'none';
    };
    return css.replace(CSS_URL, remote).replace(CSS_IMAGE_SET, remote);
  };

  const purify = domPurify();
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = cleanCss(node.textContent);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node;
    for (const attribute of ['src', 'background', 'poster']) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      if (REMOTE.test(value)) {
        hadRemoteImages = true;
        if (!options.allowRemoteImages) element.removeAttribute(attribute);
      } else if (/^\s*cid:/i.test(value)) {
        const resolved = options.inlineImages?.get(value.trim().slice(4).replace(/^<|>$/g, ''));
        if (resolved) element.setAttribute(attribute, resolved);
        else element.removeAttribute(attribute);
      } else if (!DATA_IMAGE.test(value)) {
        // A relative or odd URL means nothing in a mail: nothing but images is loaded.
        element.removeAttribute(attribute);
      }
    }
    if (element.hasAttribute('srcset')) {
      hadRemoteImages = true;
      if (!options.allowRemoteImages) element.removeAttribute('srcset');
    }
    const style = element.getAttribute('style');
    if (style) element.setAttribute('style', cleanCss(style));
    const link = element.tagName.toLowerCase() === 'a' || element.tagName.toLowerCase() === 'area';
    for (const attribute of ['href', 'xlink:href']) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      if (link) {
        // A relative or in-page link would open the product's own origin, outside the sandbox.
        if (!EXTERNAL_LINK.test(value)) element.removeAttribute(attribute);
      } else if (REMOTE.test(value)) {
        // SVG <image>, <use>, <feImage>: a reference is an image to load.
        hadRemoteImages = true;
        if (!options.allowRemoteImages) element.removeAttribute(attribute);
      } else if (!DATA_IMAGE.test(value) && !/^\s*#/.test(value)) {
        element.removeAttribute(attribute);
      }
    }
    if (link && (element.hasAttribute('href') || element.hasAttribute('xlink:href'))) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  try {
    const html = purify.sanitize(dirty, {
      FORBID_TAGS,
      FORBID_ATTR,
      ADD_ATTR: ['target'],
      ALLOW_DATA_ATTR: false,
      WHOLE_DOCUMENT: false,
      FORCE_BODY: true,
    });
    return { html, hadRemoteImages };
  } finally {
    purify.removeAllHooks();
  }
}

/** The text of an HTML-only mail, for quoting in a reply: block ends become line breaks. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(?:p|div|li|tr|h[1-6]|blockquote|table)>/gi, '$&\n');
  const dom = domPurify().sanitize(withBreaks, {
    FORBID_TAGS: [...FORBID_TAGS, 'style', 'title'],
    RETURN_DOM: true,
  });
  return (dom.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Whether the message refers to remote images, for the read panel's "show images" bar: judged by the
 * sanitizer itself, so every reference it would hold back (SVG, escaped CSS, `image-set`) counts.
 */
export function mentionsRemoteImages(html: string) {
  return sanitizeMailHtml(html, { allowRemoteImages: false }).hadRemoteImages;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain-text mail as a document: escaped, wrapped, links left as text. */
export function textAsHtml(text: string) {
  return `<pre class="plain">${escapeHtml(text)}</pre>`;
}

/** The document the body endpoint serves. */
export function mailDocument(body: string) {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    '<style>body{margin:16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;' +
    'background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}pre.plain{white-space:pre-wrap;' +
    'font:inherit;margin:0}table{max-width:100%}</style></head><body>' +
    body +
    '</body></html>'
  );
}

/** The CSP of the body endpoint: no scripts, no forms, no plugins; images only when allowed. */
export function mailBodyCsp(allowRemoteImages: boolean) {
  return [
    "default-src 'none'",
    `img-src data:${allowRemoteImages ? ' https: http:' : ''}`,
    "style-src 'unsafe-inline'",
    'font-src data:',
    "frame-ancestors 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    'sandbox allow-popups allow-popups-to-escape-sandbox',
  ].join('; ');
}
