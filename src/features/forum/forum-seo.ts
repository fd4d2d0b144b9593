import {
  FORUM_TEXT,
  STRUCTURED_DATA_TEXT_LENGTH,
  THREAD_DESCRIPTION_LENGTH,
} from '../../../contract/forum-values';
import { breadcrumbJsonLd } from '../../lib/seo';
import { absoluteUrl } from '../../lib/site-config';
import type { PrerenderedPost, PrerenderedThread } from './forum-types';
import { snippet } from './post-text';
import { arrangeThread } from './thread-tree';

/*
 * Page metadata of a thread page: a 155-character description, and JSON-LD following Google's
 * discussion-forum guidance: one DiscussionForumPosting (headline, author, dates, the original post's text
 * up to 10,000 characters, its likes and reply count as interactionStatistic) whose `comment`s are the
 * replies, nested as on the page; and a BreadcrumbList Home › Forum › thread.
 */

export const FORUM_PATH = '/forum';

export function threadPath(id: number): string {
  return `${FORUM_PATH}/${id}`;
}

/** The description snippet: the original post's text, else the title. */
export function threadDescription({ thread, posts }: PrerenderedThread): string {
  const text = posts[0]?.text.trim();
  return snippet(text || thread.title, THREAD_DESCRIPTION_LENGTH);
}

function structuredText(text: string): string {
  return text.length <= STRUCTURED_DATA_TEXT_LENGTH
    ? text
    : `${text.slice(0, STRUCTURED_DATA_TEXT_LENGTH - 1)}…`;
}

function person(username: string | null) {
  return username === null
    ? { '@type': 'Person', name: FORUM_TEXT.anonymous }
    : { '@type': 'Person', name: username, identifier: username };
}

function counter(type: 'LikeAction' | 'CommentAction', count: number) {
  return {
    '@type': 'InteractionCounter',
    interactionType: `https://schema.org/${type}`,
    userInteractionCount: count,
  };
}

/** The DiscussionForumPosting of a thread, its replies as nested `comment`s. */
export function threadPostingJsonLd(data: PrerenderedThread): object {
  const { thread } = data;
  const { original, replies } = arrangeThread(data.posts, false);
  const url = absoluteUrl(threadPath(thread.id));
  const children = new Map<number | null, PrerenderedPost[]>();
  for (const { post, parentId } of replies) {
    const siblings = children.get(parentId);
    if (siblings) siblings.push(post);
    else children.set(parentId, [post]);
  }
  const commentsOf = (parentId: number | null): object[] =>
    (children.get(parentId) ?? []).map((post) => {
      const nested = commentsOf(post.id);
      return {
        '@type': 'Comment',
        '@id': `${url}#post-${post.id}`,
        url: `${url}#post-${post.id}`,
        text: structuredText(post.text),
        author: person(post.author_username),
        datePublished: post.created_at,
        ...(post.edited_at ? { dateModified: post.edited_at } : {}),
        interactionStatistic: [counter('LikeAction', post.heart_count)],
        ...(nested.length ? { comment: nested } : {}),
      };
    });
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: thread.title,
    text: structuredText(original?.text ?? ''),
    author: person(thread.author_username),
    datePublished: thread.created_at,
    dateModified: thread.updated_at,
    interactionStatistic: [
      counter('LikeAction', original?.heart_count ?? 0),
      counter('CommentAction', replies.length),
    ],
    ...(replies.length ? { comment: commentsOf(null) } : {}),
  };
}

/** Home › Forum › the thread. */
export function threadBreadcrumbJsonLd({ thread }: PrerenderedThread): object {
  return breadcrumbJsonLd([
    { name: 'Home', url: absoluteUrl('/') },
    { name: 'Forum', url: absoluteUrl(FORUM_PATH) },
    { name: thread.title, url: absoluteUrl(threadPath(thread.id)) },
  ]);
}

/** "Title | PanelRank" is added by the layout. */
export function threadPageTitle({ thread }: PrerenderedThread): string {
  return `${thread.title} · Forum`;
}
