import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, test } from 'vitest';
import { XSS_HTML_PAYLOADS, XSS_MARKDOWN_PAYLOADS } from '../fixtures/xss-payloads';
import { renderReviewBody } from '../../src/features/reviews/review-body';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];

const SCRIPTABLE = /^(script|iframe|object|embed|svg|math|style|form|input|meta|link|base|template)$/;

/** Every element, parsed as a browser parses it, with what could run script. */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) {
      if (SCRIPTABLE.test(node.tagName)) found.push(`<${node.tagName}>`);
      for (const { name, value } of node.attrs) {
        if (/^on/i.test(name)) found.push(`handler ${name}`);
        if ((name === 'href' || name === 'src') && !/^(https?:\/\/|\/(?![/\\]))/i.test(value)) {
          found.push(`${name}="${value}"`);
        }
      }
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parseFragment(html));
  return found;
}

/* Review bodies use the forum's renderer (its full allow-list checker is in forum-markdown.test.ts). */
describe('review bodies: hostile input', () => {
  test.each([...XSS_HTML_PAYLOADS, ...XSS_MARKDOWN_PAYLOADS])('%s', (payload) => {
    expect(activeParts(renderReviewBody(payload).html)).toEqual([]);
  });

  test('the checker catches what it must', () => {
    expect(activeParts('<p><img src="x" onerror="alert(1)"></p>')).toEqual(['src="x"', 'handler onerror']);
    expect(activeParts('<a href="javascript:alert(1)">x</a><script></script>')).toHaveLength(2);
  });

  test('markdown renders as the forum renders it, with its plain text', () => {
    const rendered = renderReviewBody('**Great** art, [site](javascript:alert(1))\n\n<b>raw</b>');
    expect(rendered.html).toBe('<p><strong>Great</strong> art, site</p>\n<p>raw</p>');
    expect(rendered.text).toBe('Great art, site\nraw');
  });
});
