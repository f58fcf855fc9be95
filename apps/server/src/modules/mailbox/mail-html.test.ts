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

  it('holds back remote references in SVG and in escaped CSS, and counts each for the images bar', () => {
    const cases = [
      '<svg><image href="https://track.example/a.png" width="1" height="1"></image></svg>',
      '<svg><image xlink:href="//track.example/b.png"></image></svg>',
      '<div style="background:\\75 rl(https://track.example/c.png)">x</div>',
      '<div style="background-image:u\\rl(//track.example/d.png)">x</div>',
      '<div style="background:url(/**/https://track.example/e.png)">x</div>',
      '<style>p{background:\\000075rl("https://track.example/f.png")}</style><p>x</p>',
      '<div style="background-image:image-set(&quot;https://track.example/g.png&quot; 1x)">x</div>',
      '<div style="background:\\75\\72\\6c(\\68ttps://track.example/h.png)">x</div>',
    ];
    for (const dirty of cases) {
      const blocked = sanitizeMailHtml(dirty, { allowRemoteImages: false });
      expect(blocked.html, dirty).not.toMatch(/track\.example/);
      expect(blocked.hadRemoteImages, dirty).toBe(true);
      expect(mentionsRemoteImages(dirty), dirty).toBe(true);
    }
    expect(sanitizeMailHtml(cases[0]!, { allowRemoteImages: true }).html).toContain('https://track.example/a.png');
    // <use> is not kept at all.
    expect(
      sanitizeMailHtml('<svg><use href="https://track.example/s.svg#i"></use></svg>', { allowRemoteImages: true }).html,
    ).not.toMatch(/track\.example/);
  });

  it('lets links go only to web pages and mail addresses, in a new context without opener or referrer', () => {
    const { html } = sanitizeMailHtml(
      [
        '<a href="https://shop.example/order">web</a>',
        '<a href="mailto:sales@shop.example">mail</a>',
        '<a href="/api/auth/sign-out">relative</a>',
        '<a href="//evil.example/x">protocol-relative</a>',
        '<a href="#top">anchor</a>',
        '<a href="data:text/html,hi">data</a>',
        '<svg><a xlink:href="/api/session"><text>svg</text></a></svg>',
      ].join(''),
      { allowRemoteImages: false },
    );
    expect(html).toContain('<a href="https://shop.example/order" target="_blank" rel="noopener noreferrer">web</a>');
    expect(html).toContain('<a href="mailto:sales@shop.example" target="_blank" rel="noopener noreferrer">mail</a>');
    for (const gone of ['/api/auth/sign-out', 'evil.example', '#top', 'data:text', '/api/session'])
      expect(html).not.toContain(gone);
    expect(html).toContain('>relative</a>');
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
