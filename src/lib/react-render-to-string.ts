import type { Plugin } from 'vite';

/*
 * Server rendering of the React islands with `renderToString` instead of a web stream.
 *
 * @astrojs/react renders each island through `renderToReadableStream`, which encodes every chunk of HTML to
 * bytes for the adapter to decode back into a string: in a static build, with no island that suspends,
 * that was about half of React's share of a series page's rendering time (a sixth of the page's). The adapter's `experimentalDisableStreaming`
 * option renders with `renderToString`, but without the island's `identifierPrefix`: `useId` ids then
 * lose the per-island prefix the client hydrates with (`r0`, `r1`, …), so ids of two islands on one page
 * could collide and hydration would not match. This plugin passes the render options on, as the streaming
 * path does. It fails the build if the adapter's code no longer has the call it rewrites, so an upgrade of
 * @astrojs/react that changes it is noticed (then check whether the adapter now passes the options itself).
 */
const ADAPTER_SERVER = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const CALL = 'ReactDOM.renderToString(vnode)';

export function reactRenderToStringWithPrefix(): Plugin {
  return {
    name: 'panelrank-react-render-to-string-with-prefix',
    enforce: 'pre',
    transform(code, id) {
      if (!ADAPTER_SERVER.test(id.split('?')[0]!)) return null;
      if (!code.includes(CALL)) {
        throw new Error(`${id} no longer calls ${CALL}: check ${import.meta.url} against the new adapter`);
      }
      return { code: code.replace(CALL, 'ReactDOM.renderToString(vnode, renderOptions)'), map: null };
    },
  };
}
