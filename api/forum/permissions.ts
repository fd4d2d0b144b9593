import { FORUM_API_TEXTS as TEXTS, FORUM_ERROR_CODES as CODES } from '../../contract/forum';
import { httpError } from '../http-error';
import { isAdmin, type AuthUser } from '../plugins/auth';
import { threadLocked } from './errors';

/*
 * Who may do what in the forum: one function per rule, each throwing the contract's refusal (text and code)
 * or returning when the rule allows. Only the forum's service calls them, in the order each of its writes
 * states (existence first, 404, then these). Reading is anyone's, liking and following any signed-in
 * user's; the admin's moderation (lock, ordering, pin, deleting any post) is refused to others by the admin
 * routes' hook before the body is read.
 */

/** Who asks: a signed-in user, with their role. */
export type Actor = Pick<AuthUser, 'id' | 'role'>;

/** What the rules read of a thread. */
export interface ThreadAccess {
  /** Null once the author's account is gone: nobody is its author then. */
  authorId: number | null;
  locked: boolean;
}

/** What the rules read of a post. */
export interface PostAccess {
  authorId: number | null;
  isOriginal: boolean;
}

const isAuthor = (actor: Actor, row: { authorId: number | null }) => row.authorId === actor.id;

/**
 * A locked thread takes writes (replies, edits, deletes, image uploads) from admins only: 423. Likes and
 * follows are not writes and stay open.
 */
export function mayWriteInThread(actor: Actor, thread: ThreadAccess): void {
  if (thread.locked && !isAdmin(actor)) throw threadLocked();
}

/**
 * A thread (its title, original post and references, or the whole thread) is its author's and admins' to
 * edit or delete (403), then only while it is open to them (mayWriteInThread).
 */
export function mayChangeThread(actor: Actor, thread: ThreadAccess): void {
  if (!isAuthor(actor, thread) && !isAdmin(actor)) {
    throw httpError(403, TEXTS.notYourThread, { code: CODES.forbidden });
  }
  mayWriteInThread(actor, thread);
}

/**
 * A post is its author's and admins' to edit, and to attach an image to (403). The thread's lock is
 * checked before the post is looked up (mayWriteInThread).
 */
export function mayEditPost(actor: Actor, post: PostAccess): void {
  if (!isAuthor(actor, post) && !isAdmin(actor)) {
    throw httpError(403, TEXTS.notYourPost, { code: CODES.forbidden });
  }
}

/** A post's earlier versions are its author's and admins' to read (403), locked thread or not. */
export function maySeePostHistory(actor: Actor, post: PostAccess): void {
  if (!isAuthor(actor, post) && !isAdmin(actor)) {
    throw httpError(403, TEXTS.notYourPostHistory, { code: CODES.forbidden });
  }
}

/**
 * Any post may be deleted with its replies, but the original post, which goes only with its thread (400).
 * All the admin's delete checks.
 */
export function mayDeletePost(post: PostAccess): void {
  if (post.isOriginal) throw httpError(400, TEXTS.originalPostDelete, { code: CODES.originalPost });
}

/**
 * The owner's delete (`/mine`): the author's own post only, an admin's call included (403: admins delete
 * others' posts with the admin's delete), then mayDeletePost (400), then the thread's lock (423).
 */
export function mayDeleteOwnPost(actor: Actor, thread: ThreadAccess, post: PostAccess): void {
  if (!isAuthor(actor, post)) throw httpError(403, TEXTS.notYourPostDelete, { code: CODES.forbidden });
  mayDeletePost(post);
  mayWriteInThread(actor, thread);
}
