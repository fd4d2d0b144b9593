import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The `[[headers]]` rules of netlify.toml, so the local site server sends what Netlify sends (one source:
 * the deploy's own file). Like Netlify, every rule whose `for` matches applies; `*` matches any rest of
 * the path; a later rule's value for the same header wins.
 */
export interface HeaderRule {
  pattern: RegExp;
  values: Record<string, string>;
}

function patternFor(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

export function parseHeaderRules(toml: string): HeaderRule[] {
  const config = parse(toml) as { headers?: { for?: unknown; values?: Record<string, unknown> }[] };
  return (config.headers ?? []).flatMap((rule) => {
    if (typeof rule.for !== 'string' || !rule.values) return [];
    const values = Object.fromEntries(
      Object.entries(rule.values).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    );
    return [{ pattern: patternFor(rule.for), values }];
  });
}

export function loadHeaderRules(file: string): HeaderRule[] {
  return parseHeaderRules(readFileSync(file, 'utf8'));
}

/** The headers every matching rule sets for a path. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (rule.pattern.test(pathname)) Object.assign(headers, rule.values);
  return headers;
}
