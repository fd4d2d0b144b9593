import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { reactRenderToStringWithPrefix } from '../../src/lib/react-render-to-string';

const adapterServer = createRequire(import.meta.url).resolve('@astrojs/react/server.js');

function transform(plugin: Plugin, code: string, id: string): { code: string } | null {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({} as never, code, id);
}

describe('islands rendered with renderToString', () => {
  const plugin = reactRenderToStringWithPrefix();

  it("passes the island's render options (its useId prefix) to renderToString in the installed adapter", () => {
    const source = readFileSync(adapterServer, 'utf8');
    const result = transform(plugin, source, adapterServer);
    expect(result?.code).toContain('ReactDOM.renderToString(vnode, renderOptions)');
    expect(result?.code).not.toContain('ReactDOM.renderToString(vnode)');
    // The options it passes are the ones the streaming path gets: the island's prefix among them.
    expect(source).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
  });

  it('leaves every other module alone', () => {
    expect(transform(plugin, 'ReactDOM.renderToString(vnode)', '/src/features/x.ts')).toBeNull();
  });

  it('fails the build when the adapter no longer has the call it rewrites', () => {
    expect(() => transform(plugin, 'export default {}', adapterServer)).toThrow(/no longer calls/);
  });
});
