import { describe, expect, it } from 'vitest';
import { HOSTILE_HTML as VECTORS } from './hostile-html';
import { htmlToText, mailBodyCsp, mentionsRemoteImages, sanitizeMailHtml, textAsHtml } from './mail-html';

const dangerous =
  /<script|<iframe|<object|<embed|<form|<input|<button|<meta|<link|<base|\son\w+\s*=|javascript:|expression\(|@import|formaction|ping=/i;
const remote = /beacon\.example|xss\.example|phish\.example|track\.example/i;

describe('sanitizeMailHtml', () => {
  it(`makes ${VECTORS.length} hostile vectors inert and requests nothing remote without consent`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
    for (const vector of VECTORS) {
      const { html } = sanitizeMailHtml(`<p>before</p>${vector}<p>after</p>`, { allowRemoteImages: false });
      expect(html, vector).not.toMatch(dangerous);
      expect(html, vector).not.toMatch(remote);
      expect(html, vector).toContain('<p>before</p>');
    }
  });

  it('keeps remote images only when allowed, and says the message had some', () => {
    const dirty = '<p style="color:red">Hi <b>there</b></p><img src="https://cdn.example/logo.png" alt="logo">';
    const blocked = sanitizeMailHtml(dirty, { allowRemoteImages: false });
    expect(blocked.hadRemoteImages).toBe(true);
    expect(blocked.html).toBe('<p style="color:red">Hi <b>there</b></p><img alt="logo">');
    const shown = sanitizeMailHtml(dirty, { allowRemoteImages: true });
    expect(shown.html).toContain('src="https://cdn.example/logo.png"');
    expect(mentionsRemoteImages(dirty)).toBe(true);
    expect(mentionsRemoteImages('<img src="cid:logo">')).toBe(false);
  });

  it('opens links in a new window without referrer, and embeds cid: images it was given', () => {
    const { html } = sanitizeMailHtml('<a href="https://ok.example">ok</a><img src="cid:logo@x"><img src="cid:missing">', {
      allowRemoteImages: false,
      inlineImages: new Map([['logo@x', 'data:image/png;base64,AAAA']]),
    });
    expect(html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<img src="data:image/png;base64,AAAA">');
    expect(html).toContain('<img>');
  });

  it('reads the text of an HTML-only mail for quoting, without scripts or styles', () => {
    expect(htmlToText('<style>p{color:red}</style><p>Hello &amp; welcome</p><div>Line<br>two</div><script>x()</script>')).toBe(
      'Hello & welcome\nLine\ntwo',
    );
  });

  it('escapes plain text and builds a CSP without scripts', () => {
    expect(textAsHtml('<b>&')).toBe('<pre class="plain">&lt;b&gt;&amp;</pre>');
    const csp = mailBodyCsp(false);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src data:;');
    expect(csp).toContain('sandbox allow-popups');
    expect(csp).not.toMatch(/script-src|allow-scripts|allow-forms|allow-same-origin/);
  });
});
