/**
 * HTML built from template literals with every interpolated value escaped unless it is already SafeHtml.
 * The tracker renders its rows with it twice, from the same code: into the page at build time and into
 * the live page in the browser, so crawlers and visitors get the same markup without shipping React.
 */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function part(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(part).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** `html\`<p title="${title}">${text}</p>\``: values are escaped; arrays are joined; null, undefined, false vanish. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += part(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

/** A link target that can only lead to a web page: http(s) or a path on this site; undefined otherwise. */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url)) return url;
  return undefined;
}
