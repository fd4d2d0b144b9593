import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { SITE_URL } from '../../lib/site-config';
import { LIST_CHIP_CLASS } from './post-text';

/*
 * The one markdown renderer for forum posts, used by the build (pre-rendered threads) and by the islands
 * (live posts, the editor's preview), so both show the same HTML. Post bodies come from anyone with an
 * account, so the pipeline is safe by construction:
 *
 *   remark-parse → remark-rehype (raw HTML dropped: no `allowDangerousHtml`)
 *     → forum links (classify every href/src, rewrite or unwrap)
 *     → rehype-sanitize with a fixed allow-list (last: whatever the steps before did, only the listed
 *       tags, attributes, values and http(s) URLs get through)
 *     → rehype-stringify.
 *
 * Link rules:
 * - `[title](series:{id})` (what a mention inserts) shows as plain text;
 * - `list:{id}` (a link target, or a bare word) becomes a chip to `/lists/{token}` when the id is not a
 *   number, else to `/my-lists#list-{id}`; links to `/lists/{token}` on this site (what the list picker
 *   inserts) become the same chip. Chips carry the token so the page can check the list is still public;
 * - links that resolve to this site become internal links (the normalised path, same tab);
 * - other http(s) links open in a new tab with `rel="noopener noreferrer ugc"`;
 * - any other link (javascript:, data:, vbscript:, mailto:, ...) is unwrapped to its text;
 * - images only from absolute http(s) URLs, lazy-loaded without a referrer; others show their alt text.
 */

export { LIST_CHIP_CLASS, LIST_CHIP_GONE_CLASS, snippet } from './post-text';
export const EXTERNAL_LINK_REL = ['noopener', 'noreferrer', 'ugc'];

const SERIES_TARGET = /^series:(\d+)$/i;
const LIST_TARGET = /^list:([A-Za-z0-9_-]{1,128})$/i;
const LIST_PATH = /^\/lists\/([A-Za-z0-9_-]{1,128})$/;
const BARE_LIST_TOKEN = /(^|[\s([])list:([A-Za-z0-9_-]{1,128})(?=$|[\s.,!?)\]])/g;
const LIST_TOKEN_VALUE = /^[A-Za-z0-9_-]{1,128}$/;
const CODE_LANGUAGE = /^language-[A-Za-z0-9_+-]{1,40}$/;
const HTTP_PROTOCOLS = new Set(['http:', 'https:']);

/** Headings move two levels down: the page's h1 is the thread title and each post sits under a label. */
const HEADING_LEVEL: Record<string, string> = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

/** The fixed allow-list: nothing outside it survives, whatever the steps before produced. */
export const FORUM_SANITIZE_SCHEMA: SanitizeSchema = {
  tagNames: [
    'a',
    'blockquote',
    'br',
    'code',
    'del',
    'em',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    'strong',
    'ul',
  ],
  attributes: {
    a: [
      'href',
      'title',
      ['target', '_blank'],
      ['rel', ...EXTERNAL_LINK_REL],
      ['className', LIST_CHIP_CLASS],
      ['dataListToken', LIST_TOKEN_VALUE],
    ],
    img: [
      'src',
      'alt',
      'title',
      ['loading', 'lazy'],
      ['decoding', 'async'],
      ['referrerPolicy', 'no-referrer'],
    ],
    ol: ['start'],
    code: [['className', CODE_LANGUAGE]],
  },
  // Relative URLs (internal paths) have no protocol and pass; anything with one must be http(s).
  protocols: { href: ['http', 'https'], src: ['http', 'https'] },
  required: {},
  ancestors: { li: ['ol', 'ul'] },
  strip: ['script', 'style', 'template', 'textarea', 'title', 'noscript', 'xmp', 'iframe'],
  clobberPrefix: 'user-content-',
  clobber: [],
  allowComments: false,
  allowDoctypes: false,
};

export interface MarkdownOptions {
  /** The site's origin: links resolving to it become internal links. Defaults to SITE_URL. */
  siteOrigin?: string;
}

type LinkTarget =
  | { kind: 'series'; id: number }
  | { kind: 'list'; id: string }
  | { kind: 'internal'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'unsafe' };

/**
 * What a link target is. URLs are resolved with the WHATWG parser, as browsers do, so tricks such as
 * `/\evil.example`, `//evil.example`, tabs inside the scheme or entity-encoded schemes end up as what a
 * browser would open: another origin (external) or a non-http scheme (unsafe).
 */
export function classifyLinkTarget(raw: string, siteOrigin: string = SITE_URL): LinkTarget {
  const target = raw.trim();
  const series = SERIES_TARGET.exec(target);
  if (series) return { kind: 'series', id: Number(series[1]) };
  const list = LIST_TARGET.exec(target);
  if (list?.[1]) return { kind: 'list', id: list[1] };
  let site: URL;
  let url: URL;
  try {
    site = new URL(siteOrigin);
    url = new URL(target, site);
  } catch {
    return { kind: 'unsafe' };
  }
  if (!HTTP_PROTOCOLS.has(url.protocol) || url.username || url.password) return { kind: 'unsafe' };
  if (url.origin === site.origin)
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href: url.href };
}

/** An absolute http(s) URL for an image, or null. */
export function safeImageSource(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return HTTP_PROTOCOLS.has(url.protocol) && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** `/lists/{token}` for a shared token, `/my-lists#list-{id}` for a numeric (own, private) list id. */
export function listChipHref(id: string): string {
  return /^\d+$/.test(id) ? `/my-lists#list-${id}` : `/lists/${id}`;
}

function listChip(id: string, children: ElementContent[]): Element {
  const numeric = /^\d+$/.test(id);
  return {
    type: 'element',
    tagName: 'a',
    properties: {
      href: listChipHref(id),
      className: [LIST_CHIP_CLASS],
      // Only shared tokens can be checked anonymously (GET /reading-lists/public/{token}).
      ...(numeric ? {} : { dataListToken: id }),
    },
    children,
  };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

function hrefOf(element: Element, property: 'href' | 'src'): string {
  const value = element.properties[property];
  return typeof value === 'string' ? value : '';
}

/** Replaces bare `list:{id}` words in a text node with chips; returns null when there are none. */
function splitBareListTokens(value: string): ElementContent[] | null {
  if (!value.includes('list:')) return null;
  const parts: ElementContent[] = [];
  let last = 0;
  for (const match of value.matchAll(BARE_LIST_TOKEN)) {
    const [, lead = '', id = ''] = match;
    const start = match.index + lead.length;
    if (start > last) parts.push(text(value.slice(last, start)));
    parts.push(listChip(id, [text(`list:${id}`)]));
    last = start + 'list:'.length + id.length;
  }
  if (last === 0) return null;
  if (last < value.length) parts.push(text(value.slice(last)));
  return parts;
}

const NO_BARE_TOKENS_INSIDE = new Set(['a', 'code', 'pre']);

function rehypeForumLinks(options: MarkdownOptions) {
  const siteOrigin = options.siteOrigin ?? SITE_URL;
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'text') {
        const inside = parent.type === 'element' && NO_BARE_TOKENS_INSIDE.has(parent.tagName);
        const parts = inside ? null : splitBareListTokens(node.value);
        if (!parts) return;
        parent.children.splice(index, 1, ...(parts as RootContent[]));
        return [SKIP, index + parts.length];
      }
      if (node.type !== 'element') return;
      const level = HEADING_LEVEL[node.tagName];
      if (level) node.tagName = level;

      if (node.tagName === 'a') {
        const target = classifyLinkTarget(hrefOf(node, 'href'), siteOrigin);
        const listPath = target.kind === 'internal' ? LIST_PATH.exec(target.path) : null;
        let replacement: ElementContent[] | Element;
        if (target.kind === 'list') replacement = listChip(target.id, node.children);
        else if (listPath?.[1]) replacement = listChip(listPath[1], node.children);
        else if (target.kind === 'internal') {
          node.properties = { href: target.path };
          return;
        } else if (target.kind === 'external') {
          node.properties = { href: target.href, target: '_blank', rel: [...EXTERNAL_LINK_REL] };
          return;
        } else {
          // series:{id} mentions and unsafe targets keep only their text.
          replacement = node.children;
        }
        const nodes = Array.isArray(replacement) ? replacement : [replacement];
        parent.children.splice(index, 1, ...(nodes as RootContent[]));
        // Chips are final; unwrapped children are visited again (they may hold images or tokens).
        return Array.isArray(replacement) ? index : [SKIP, index + 1];
      }

      if (node.tagName === 'code') {
        // A fence's info string becomes `language-…`; odd ones would only leave an empty class.
        const classes = node.properties.className;
        const kept = Array.isArray(classes) ? classes.filter((name) => CODE_LANGUAGE.test(String(name))) : [];
        node.properties = kept.length ? { className: kept } : {};
        return;
      }

      if (node.tagName === 'img') {
        const src = safeImageSource(hrefOf(node, 'src'));
        const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
        if (!src) {
          const fallback: RootContent[] = alt ? [text(alt)] : [];
          parent.children.splice(index, 1, ...fallback);
          return index + fallback.length;
        }
        const title = node.properties.title;
        node.properties = {
          src,
          alt,
          ...(typeof title === 'string' ? { title } : {}),
          loading: 'lazy',
          decoding: 'async',
          referrerPolicy: 'no-referrer',
        };
      }
    });
  };
}

function pipeline(options: MarkdownOptions) {
  return unified()
    .use(remarkParse)
    .use(remarkRehype)
    .use(rehypeForumLinks, options)
    .use(rehypeSanitize, FORUM_SANITIZE_SCHEMA)
    .use(rehypeStringify);
}

let defaultPipeline: ReturnType<typeof pipeline> | undefined;

function pipelineFor(options: MarkdownOptions) {
  if (options.siteOrigin !== undefined) return pipeline(options);
  defaultPipeline ??= pipeline({}).freeze();
  return defaultPipeline;
}

/** The sanitised tree of a post body. */
export function markdownToTree(markdown: string, options: MarkdownOptions = {}): Root {
  const processor = pipelineFor(options);
  return processor.runSync(processor.parse(markdown.replace(/\0/g, '\uFFFD'))) as Root;
}

/** A post body as safe HTML. */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const processor = pipelineFor(options);
  return processor.stringify(markdownToTree(markdown, options));
}

const BLOCK_TAGS = new Set(['p', 'blockquote', 'pre', 'li', 'ol', 'ul', 'h3', 'h4', 'h5', 'h6', 'hr', 'br']);

/** The text a reader sees, blocks separated by line breaks (for descriptions and structured data). */
export function treeToPlainText(tree: Root): string {
  const out: string[] = [];
  const walk = (node: Root | RootContent) => {
    if (node.type === 'text') out.push(node.value);
    else if (node.type === 'element' || node.type === 'root') {
      if (node.type === 'element' && node.tagName === 'img') {
        const alt = node.properties.alt;
        if (typeof alt === 'string' && alt) out.push(alt);
        return;
      }
      node.children.forEach(walk);
      if (node.type === 'element' && BLOCK_TAGS.has(node.tagName)) out.push('\n');
    }
  };
  walk(tree);
  return out
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

export function markdownToPlainText(markdown: string, options: MarkdownOptions = {}): string {
  return treeToPlainText(markdownToTree(markdown, options));
}

/** A post body as safe HTML and as the plain text a reader sees (descriptions, structured data), parsed once. */
export function renderPost(markdown: string, options: MarkdownOptions = {}): { html: string; text: string } {
  const tree = markdownToTree(markdown, options);
  return { html: pipelineFor(options).stringify(tree), text: treeToPlainText(tree) };
}
