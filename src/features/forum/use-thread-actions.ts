import { useStore } from '@nanostores/react';
import { useCallback, useReducer } from 'react';
import { FORUM_TEXT } from '../../../contract/forum-values';
import { showToast } from '../../ui/toast-store';
import { forumErrorMessage } from './forum-api';
import {
  $deletePost,
  $likePost,
  $pendingLikes,
  addPost,
  savePost,
  type ThreadTarget,
} from './thread-queries';
import { CLOSED, threadUi, type ShownPost, type ThreadUi } from './thread-state';
import { deletePreview } from './thread-tree';

export interface ThreadActions {
  /** What the reader has open: an edit, reply forms, the delete confirmation, an edit history. */
  ui: ThreadUi;
  /** A delete is on its way. */
  deleting: boolean;
  onLike(post: ShownPost): void;
  onToggleReply(postId: number): void;
  onReply(parentId: number, content: string, seriesIds: number[]): Promise<void>;
  onEdit(postId: number | null): void;
  onSave(postId: number, content: string, seriesIds: number[]): Promise<void>;
  onDelete(post: ShownPost): void;
  onShowHistory(post: ShownPost, label: string): void;
  confirmDelete(): Promise<void>;
  cancelDelete(): void;
  closeHistory(): void;
}

/**
 * What the thread page's posts can do: each write through thread-queries.ts, each failure told in a toast
 * (or thrown to the editor, which tells it), and the forms and dialogs they open (thread-state.ts). The
 * handlers keep their identity while the thread and reader do, so unchanged posts are not re-rendered.
 */
export function useThreadActions(
  target: ThreadTarget | null,
  signedIn: boolean,
  admin: boolean,
): ThreadActions {
  const [ui, dispatch] = useReducer(threadUi, CLOSED);
  const { loading: deleting = false } = useStore($deletePost);

  const onLike = useCallback(
    (post: ShownPost) => {
      if (!signedIn) {
        showToast(FORUM_TEXT.signInRequired, 'Log in to like posts.', 'warning');
        return;
      }
      if (!target || $pendingLikes.get().has(post.id)) return;
      void $likePost.mutate({ target, post }).then((result) => {
        if (!result) showToast(FORUM_TEXT.actionFailedTitle, FORUM_TEXT.likeFailed, 'error');
      });
    },
    [signedIn, target],
  );
  const onToggleReply = useCallback((postId: number) => dispatch({ type: 'toggle-reply', postId }), []);
  const onEdit = useCallback((postId: number | null) => dispatch({ type: 'edit', postId }), []);
  const onReply = useCallback(
    async (parentId: number, content: string, seriesIds: number[]) => {
      if (!target) return;
      await addPost({ target, parentId, content, seriesIds });
      dispatch({ type: 'toggle-reply', postId: parentId });
    },
    [target],
  );
  const onSave = useCallback(
    async (postId: number, content: string, seriesIds: number[]) => {
      if (!target) return;
      await savePost({ target, postId, content, seriesIds });
      dispatch({ type: 'edit', postId: null });
    },
    [target],
  );
  const onDelete = useCallback((post: ShownPost) => {
    // The preview quotes what the reader sees: the rendered text, else the markdown.
    const body = document.querySelector(`#post-${post.id} [data-post-body]`)?.textContent;
    const preview = deletePreview(body?.trim() ? body : (post.content_markdown ?? ''));
    dispatch({ type: 'confirm-delete', post, preview });
  }, []);
  const onShowHistory = useCallback(
    (post: ShownPost, label: string) => dispatch({ type: 'show-history', post, label }),
    [],
  );

  const confirmDelete = async () => {
    if (!ui.confirming || !target || deleting) return;
    const gone = await $deletePost.mutate({ target, post: ui.confirming.post, asAdmin: admin });
    if (gone) {
      dispatch({ type: 'deleted', gone });
      return;
    }
    dispatch({ type: 'cancel-delete' });
    const error = $deletePost.get().error;
    showToast(FORUM_TEXT.deleteFailedTitle, forumErrorMessage(error, FORUM_TEXT.deletePostFailed), 'error');
  };

  return {
    ui,
    deleting,
    onLike,
    onToggleReply,
    onReply,
    onEdit,
    onSave,
    onDelete,
    onShowHistory,
    confirmDelete,
    cancelDelete: () => dispatch({ type: 'cancel-delete' }),
    closeHistory: () => dispatch({ type: 'close-history' }),
  };
}
