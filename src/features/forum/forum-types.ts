/*
 * Forum shapes as api.md gives them. Provisional: replaced by the types of contract/forum.ts once the
 * API branch lands it, so nothing else should define them.
 */
export interface SeriesRef {
  series_id: number;
  title: string | null;
  cover_url: string | null;
  type?: string | null;
  status?: string | null;
}

export interface ForumThread {
  id: number;
  title: string;
  author_username: string | null;
  created_at: string;
  updated_at: string;
  last_post_at?: string;
  post_count: number;
  locked: boolean;
  latest_first: boolean;
  pinned: boolean;
  series_refs: SeriesRef[];
}

export interface ForumPost {
  id: number;
  thread_id: number;
  parent_id: number | null;
  author_username: string | null;
  content_markdown: string;
  created_at: string;
  updated_at: string;
  heart_count: number;
  viewer_has_hearted: boolean;
  series_refs: SeriesRef[];
}

export interface ThreadWithPosts {
  thread: ForumThread;
  posts: ForumPost[];
}

export interface MentionSuggestion {
  series_id: number;
  title: string | null;
  cover_url: string | null;
}

export interface HeartResult {
  count: number;
  hearted: boolean;
}

export interface UploadResult {
  url: string;
  width?: number;
  height?: number;
  mime?: string;
  size?: number;
}
