import type { Post, Thread } from '../../../contract/forum';

/** A post as the build renders it: the markdown already turned into safe HTML, and the text a reader sees. */
export type PrerenderedPost = Omit<Post, 'content_markdown' | 'viewer_has_hearted'> & {
  html: string;
  text: string;
};

/** One entry of the `forumThreads` collection. */
export interface PrerenderedThread {
  thread: Thread;
  posts: PrerenderedPost[];
}

/** What the thread island starts from: the build's thread with each post's HTML (the text stays out). */
export interface InitialThread {
  thread: Thread;
  posts: Array<Omit<PrerenderedPost, 'text'>>;
}
