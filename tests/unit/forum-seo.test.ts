import { describe, expect, test } from 'vitest';
import type { PrerenderedPost, PrerenderedThread } from '../../src/features/forum/forum-types';
import {
  threadBreadcrumbJsonLd,
  threadDescription,
  threadPostingJsonLd,
} from '../../src/features/forum/forum-seo';
import { SITE_URL } from '../../src/lib/site-config';
import { forumThread } from './forum-fixture';

const thread = forumThread({
  id: 7,
  title: 'Best fight scenes',
  author_username: 'ana',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  last_post_at: '2026-01-02T10:00:00.000Z',
  post_count: 4,
});

function post(id: number, minute: number, parent: number | null, text: string, likes = 0): PrerenderedPost {
  const at = new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
  return {
    id,
    thread_id: 7,
    parent_id: parent,
    author_username: id === 4 ? null : `user${id}`,
    created_at: at,
    updated_at: at,
    edited_at: null,
    heart_count: likes,
    series_refs: [],
    html: `<p>${text}</p>`,
    text,
  };
}

const data: PrerenderedThread = {
  thread,
  posts: [
    post(1, 0, null, 'Which fight stayed with you?', 5),
    post(2, 1, null, 'The rooftop one.', 2),
    post(3, 2, 2, 'Agreed!'),
    post(4, 3, null, 'The finale.'),
  ],
};

interface Comment {
  '@type': string;
  text: string;
  author: { name: string };
  comment?: Comment[];
  interactionStatistic: Array<{ interactionType: string; userInteractionCount: number }>;
}

describe('thread page metadata', () => {
  test('DiscussionForumPosting: headline, author, dates, the original text, likes and replies counted', () => {
    const posting = threadPostingJsonLd(data) as Record<string, unknown> & { comment: Comment[] };
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DiscussionForumPosting',
      url: `${SITE_URL}/forum/7`,
      headline: 'Best fight scenes',
      text: 'Which fight stayed with you?',
      author: { '@type': 'Person', name: 'ana' },
      datePublished: thread.created_at,
      dateModified: thread.updated_at,
      interactionStatistic: [
        { interactionType: 'https://schema.org/LikeAction', userInteractionCount: 5 },
        { interactionType: 'https://schema.org/CommentAction', userInteractionCount: 3 },
      ],
    });
    // Replies nest as on the page; a deleted author is "Anonymous".
    expect(posting.comment.map((comment) => comment.text)).toEqual(['The rooftop one.', 'The finale.']);
    expect(posting.comment[0]!.comment?.map((comment) => comment.text)).toEqual(['Agreed!']);
    expect(posting.comment[0]!.interactionStatistic[0]!.userInteractionCount).toBe(2);
    expect(posting.comment[1]!.author.name).toBe('Anonymous');
  });

  test('structured text stops at 10,000 characters; the description at 155', () => {
    const long = 'word '.repeat(5000).trim();
    const longThread = { thread, posts: [post(1, 0, null, long)] };
    const posting = threadPostingJsonLd(longThread) as { text: string };
    expect(posting.text.length).toBe(10_000);
    expect(threadDescription(longThread).length).toBeLessThanOrEqual(155);
    expect(threadDescription({ thread, posts: [post(1, 0, null, '   ')] })).toBe('Best fight scenes');
  });

  test('breadcrumb Home › Forum › thread', () => {
    const crumbs = threadBreadcrumbJsonLd(data) as { itemListElement: Array<{ name: string; item: string }> };
    expect(crumbs.itemListElement.map(({ name, item }) => [name, item])).toEqual([
      ['Home', `${SITE_URL}/`],
      ['Forum', `${SITE_URL}/forum`],
      ['Best fight scenes', `${SITE_URL}/forum/7`],
    ]);
  });
});
