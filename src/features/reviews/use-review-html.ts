import { useEffect, useState } from 'react';
import { renderMarkdownOffThread } from '../forum/render-markdown';

/**
 * A review body's safe HTML, rendered by the forum's one renderer in its worker (forum/render-markdown.ts);
 * null until then, or when the renderer failed (the caller shows the source text meanwhile).
 */
export function useReviewHtml(markdown: string, shown: boolean): string | null {
  const [rendered, setRendered] = useState<{ markdown: string; html: string } | null>(null);
  useEffect(() => {
    if (!shown || rendered?.markdown === markdown) return;
    let current = true;
    renderMarkdownOffThread(markdown).then(
      (html) => current && setRendered({ markdown, html }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [markdown, shown, rendered]);
  return rendered?.markdown === markdown ? rendered.html : null;
}
