/**
 * The subset of Netlify's `_redirects` format PanelRank uses, so the local server applies the very rules
 * Netlify will: `from to [status][!]`, `*` splats, `:name` placeholders, 200 rewrites, and shadowing
 * (a rule applies only when no static file matches, unless forced with `!`). Paths are case-sensitive and
 * a trailing slash is ignored, as on Netlify.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  line: number;
}

export interface RedirectMatch {
  rule: RedirectRule;
  /** The target with placeholders and splat filled in; a path or an absolute URL. */
  target: string;
}

export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const [from, to, statusField] = line.split(/\s+/);
    if (!from || !to) throw new Error(`_redirects line ${index + 1}: expected "from to [status]"`);
    const status = statusField ? Number.parseInt(statusField, 10) : 301;
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new Error(`_redirects line ${index + 1}: bad status "${statusField}"`);
    }
    rules.push({ from, to, status, force: statusField?.endsWith('!') ?? false, line: index + 1 });
  });
  return rules;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function matchRule(rule: RedirectRule, path: string): string | undefined {
  const pattern = trimSlash(rule.from).split('/');
  const segments = trimSlash(path).split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const part = pattern[i] as string;
    if (part === '*') {
      params.splat = segments.slice(i).join('/');
      return fill(rule.to, params);
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return segments.length === pattern.length ? fill(rule.to, params) : undefined;
}

function fill(target: string, params: Record<string, string>): string {
  return target.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * The first rule that applies to `path`. `fileExists` tells whether a static file would answer the path,
 * which shadows unforced rules.
 */
export function findRedirect(
  rules: RedirectRule[],
  path: string,
  fileExists: (path: string) => boolean,
): RedirectMatch | undefined {
  const shadowed = fileExists(path);
  for (const rule of rules) {
    if (shadowed && !rule.force) continue;
    const target = matchRule(rule, path);
    if (target !== undefined) return { rule, target };
  }
  return undefined;
}
