// The custom client directives' attributes (astro.config.mjs registers them).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | { now?: string; on?: string };
  }
}
