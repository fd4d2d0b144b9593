import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_API_TEXTS as TEXTS } from '../../contract/forum';
import { containsProfanity } from '../../api/forum/profanity';
import { createUserWithToken } from './auth-helpers';
import { startTestServer, type TestServer } from './harness';
import { createdPost, createdThread, expectProfanity, FORUM_TEST_ENV, forumCalls } from './forum-helpers';

const POSITIVES = [
  'fuck',
  'FUCK this chapter',
  'f.u.c.k',
  'what the f.u.c.k is this',
  'f u c k',
  'f-u-c-k',
  's.h.i.t ending',
  'sh1t',
  'fuuuuuck',
  'shiiiiit',
  'a$$hole',
  'b1tch',
  'f*ck',
  'sh!t',
  'fück',
];

const NEGATIVES = [
  'Scunthorpe United won again',
  'The assassin arc is the best part',
  'A classic with a great cast',
  'I was so cool with that ending',
  'Pass it on: chapter 110 is out',
  'Class assignment: read Tower of God',
  'Cocktail party in chapter 3',
  'Dickens would approve of this plot',
  'Sussex, Essex and Middlesex',
  'The bass hole in the wall',
  'He is hit by a truck and reincarnated',
  'I rate it 9/10: art 10, story 8, characters 9.',
  'U.S.A. readers get it a week later',
  'Analysis of the therapist character',
  // Uploaded images' random keys: `a55` would read as a word.
  'Look:\n\n![pic](http://localhost:8787/media/forum/loose-a55e01c2b9.gif)',
  'Look: https://media.panelrank.example/forum/12-4551e0c2b9.gif',
  '![pic](/media/forum/12-b00b5e01c2.gif)',
];

describe('profanity', () => {
  it.each(POSITIVES)('catches %j', (text) => {
    expect(containsProfanity(text)).toBe(true);
  });

  it.each(NEGATIVES)('lets %j through', (text) => {
    expect(containsProfanity(text)).toBe(false);
  });

  describe('over the API', () => {
    let server: TestServer;
    let calls: ReturnType<typeof forumCalls>;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer(FORUM_TEST_ENV);
      calls = forumCalls(server);
      token = (await createUserWithToken(server)).token;
    });
    afterAll(() => server.close());

    it('refuses threads, replies and edits with the PROFANITY detail and the contract texts', async () => {
      await expectProfanity(
        await calls.create(token, { title: 'f.u.c.k', first_post_markdown: 'ok' }),
        TEXTS.threadProfanity,
      );
      await expectProfanity(
        await calls.create(token, { title: 'ok', first_post_markdown: 'sh1t' }),
        TEXTS.threadProfanity,
      );
      const { thread } = await createdThread(server, token, {
        title: 'Scunthorpe readers',
        first_post_markdown: 'The assassin arc',
      });
      await expectProfanity(await calls.update(token, thread.id, { title: 'fuuuck' }), TEXTS.threadProfanity);
      await expectProfanity(
        await calls.reply(token, thread.id, { content_markdown: 'you b1tch' }),
        TEXTS.replyProfanity,
      );
      const post = await createdPost(server, token, thread.id, { content_markdown: 'A classic' });
      await expectProfanity(
        await calls.editPost(token, thread.id, post.id, { content_markdown: 's h i t' }),
        TEXTS.replyProfanity,
      );
      const detail = (await (await calls.get(thread.id)).json()) as {
        posts: Array<{ content_markdown: string }>;
      };
      expect(detail.posts.map((p) => p.content_markdown)).toEqual(['The assassin arc', 'A classic']);
    });
  });
});
