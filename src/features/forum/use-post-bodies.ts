import { useEffect, useMemo, useState } from 'react';
import type { InitialThread } from './forum-types';
import { renderMarkdownOffThread } from './render-markdown';
import { postBodies, unrenderedPosts, versionKey, type BuiltBody, type ShownThread } from './thread-state';

/**
 * Each post's HTML: the build's while the post is unchanged, else rendered here by the one renderer (in
 * a worker started only when such a post shows up: a new or edited post, a thread newer than the build).
 */
export function usePostBodies(
  shown: ShownThread | null,
  initial: InitialThread | null,
): Map<number, string | null> {
  /** Bodies rendered here, by `{post id}@{updated_at}`. */
  const [rendered, setRendered] = useState<ReadonlyMap<string, string>>(new Map());
  const built = useMemo(
    () => new Map<number, BuiltBody>(initial?.posts.map((post) => [post.id, post]) ?? []),
    [initial],
  );
  const bodies = useMemo(() => postBodies(shown?.posts ?? [], built, rendered), [shown, rendered, built]);

  useEffect(() => {
    const unrendered = unrenderedPosts(shown?.posts ?? [], built, rendered);
    if (unrendered.length === 0) return;
    // Bodies are kept by post version, so one rendered for a version no longer shown is merely unused.
    Promise.all(
      unrendered.map(
        async (post) => [versionKey(post), await renderMarkdownOffThread(post.content_markdown)] as const,
      ),
    ).then(
      (done) => setRendered((current) => new Map([...current, ...done])),
      // The source text stays shown.
      () => undefined,
    );
  }, [shown, rendered, built]);

  return bodies;
}
