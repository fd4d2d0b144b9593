import { describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS as TEXTS, FORUM_ERROR_CODES as CODES } from '../../contract/forum';
import { HttpError } from '../../api/http-error';
import {
  mayChangeThread,
  mayDeleteOwnPost,
  mayDeletePost,
  mayEditPost,
  maySeePostHistory,
  mayWriteInThread,
  type Actor,
  type PostAccess,
  type ThreadAccess,
} from '../../api/forum/permissions';

/**
 * Each forum rule on its own, for the author, another user, an admin who is not the author, and rows whose
 * author's account is gone (author null): the refusal it throws (status, the contract's text and code), or
 * nothing when it allows.
 */
const author: Actor = { id: 1, role: 'USER' };
const other: Actor = { id: 2, role: 'USER' };
const admin: Actor = { id: 3, role: 'ADMIN' };

const open: ThreadAccess = { authorId: author.id, locked: false };
const locked: ThreadAccess = { authorId: author.id, locked: true };
const orphanThread: ThreadAccess = { authorId: null, locked: false };
const reply: PostAccess = { authorId: author.id, isOriginal: false };
const original: PostAccess = { authorId: author.id, isOriginal: true };
const orphanPost: PostAccess = { authorId: null, isOriginal: false };

/** What the rule throws: status, detail and code; null when it allows. */
function refusal(rule: () => void): { status: number; detail: string; code: string } | null {
  try {
    rule();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, detail: error.message, code: error.code };
  }
}

const LOCKED = { status: 423, detail: TEXTS.locked, code: CODES.locked };
const NOT_YOUR_THREAD = { status: 403, detail: TEXTS.notYourThread, code: CODES.forbidden };
const NOT_YOUR_POST = { status: 403, detail: TEXTS.notYourPost, code: CODES.forbidden };
const NOT_YOUR_HISTORY = { status: 403, detail: TEXTS.notYourPostHistory, code: CODES.forbidden };
const NOT_YOUR_DELETE = { status: 403, detail: TEXTS.notYourPostDelete, code: CODES.forbidden };
const ORIGINAL_POST = { status: 400, detail: TEXTS.originalPostDelete, code: CODES.originalPost };

describe('forum permissions', () => {
  it('mayWriteInThread: anyone in an open thread; in a locked one admins only (423)', () => {
    for (const actor of [author, other, admin])
      expect(refusal(() => mayWriteInThread(actor, open))).toBeNull();
    expect(refusal(() => mayWriteInThread(author, locked))).toEqual(LOCKED);
    expect(refusal(() => mayWriteInThread(other, locked))).toEqual(LOCKED);
    expect(refusal(() => mayWriteInThread(admin, locked))).toBeNull();
  });

  it('mayChangeThread: its author or an admin (403), then the lock (423)', () => {
    expect(refusal(() => mayChangeThread(author, open))).toBeNull();
    expect(refusal(() => mayChangeThread(admin, open))).toBeNull();
    expect(refusal(() => mayChangeThread(other, open))).toEqual(NOT_YOUR_THREAD);
    expect(refusal(() => mayChangeThread(author, locked))).toEqual(LOCKED);
    expect(refusal(() => mayChangeThread(admin, locked))).toBeNull();
    // The author is checked first: another user learns nothing of the lock.
    expect(refusal(() => mayChangeThread(other, locked))).toEqual(NOT_YOUR_THREAD);
    expect(refusal(() => mayChangeThread(other, orphanThread))).toEqual(NOT_YOUR_THREAD);
    expect(refusal(() => mayChangeThread(admin, orphanThread))).toBeNull();
  });

  it('mayEditPost: its author or an admin (403), original post or not', () => {
    for (const post of [reply, original]) {
      expect(refusal(() => mayEditPost(author, post))).toBeNull();
      expect(refusal(() => mayEditPost(admin, post))).toBeNull();
      expect(refusal(() => mayEditPost(other, post))).toEqual(NOT_YOUR_POST);
    }
    expect(refusal(() => mayEditPost(other, orphanPost))).toEqual(NOT_YOUR_POST);
    expect(refusal(() => mayEditPost(admin, orphanPost))).toBeNull();
  });

  it('maySeePostHistory: its author or an admin (403, with its own text)', () => {
    expect(refusal(() => maySeePostHistory(author, reply))).toBeNull();
    expect(refusal(() => maySeePostHistory(admin, reply))).toBeNull();
    expect(refusal(() => maySeePostHistory(other, reply))).toEqual(NOT_YOUR_HISTORY);
    expect(refusal(() => maySeePostHistory(other, orphanPost))).toEqual(NOT_YOUR_HISTORY);
  });

  it('mayDeletePost: any post but the original one (400)', () => {
    expect(refusal(() => mayDeletePost(reply))).toBeNull();
    expect(refusal(() => mayDeletePost(orphanPost))).toBeNull();
    expect(refusal(() => mayDeletePost(original))).toEqual(ORIGINAL_POST);
  });

  it("mayDeleteOwnPost: the author's own post only, admins included (403), not the original (400), then the lock (423)", () => {
    expect(refusal(() => mayDeleteOwnPost(author, open, reply))).toBeNull();
    expect(refusal(() => mayDeleteOwnPost(other, open, reply))).toEqual(NOT_YOUR_DELETE);
    expect(refusal(() => mayDeleteOwnPost(admin, open, reply))).toEqual(NOT_YOUR_DELETE);
    expect(refusal(() => mayDeleteOwnPost(other, open, orphanPost))).toEqual(NOT_YOUR_DELETE);
    expect(refusal(() => mayDeleteOwnPost(author, open, original))).toEqual(ORIGINAL_POST);
    expect(refusal(() => mayDeleteOwnPost(author, locked, reply))).toEqual(LOCKED);
    // In a locked thread, the author and the original post are checked first.
    expect(refusal(() => mayDeleteOwnPost(other, locked, reply))).toEqual(NOT_YOUR_DELETE);
    expect(refusal(() => mayDeleteOwnPost(author, locked, original))).toEqual(ORIGINAL_POST);
    // An admin's own post in a locked thread: the lock does not apply to them.
    const adminsReply: PostAccess = { authorId: admin.id, isOriginal: false };
    expect(refusal(() => mayDeleteOwnPost(admin, locked, adminsReply))).toBeNull();
  });
});
