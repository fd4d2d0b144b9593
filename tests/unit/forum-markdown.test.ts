import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, test } from 'vitest';
import { XSS_HTML_PAYLOADS, XSS_MARKDOWN_PAYLOADS } from '../fixtures/xss-payloads';
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

describe('forum markdown: hostile input', () => {
  test.each([...XSS_HTML_PAYLOADS, ...XSS_MARKDOWN_PAYLOADS])('%s', (payload) => {
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
