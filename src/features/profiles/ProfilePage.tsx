import { useEffect, useSyncExternalStore } from 'react';
import { PROFILE_TEXTS } from '../../../contract/profiles-values';
import { documentTitle } from '../../lib/seo';
import { useQuery } from '../../lib/use-query';
import { countText, joinedText, usernameFromPath } from './profile-format';
import { isUserNotFound, profileStore } from './profile-queries';
import ProfileAvatar from './ProfileAvatar';
import ProfileStats from './ProfileStats';
import styles from './ProfilePage.module.css';

const noSubscription = () => () => {};
const currentPath = () => window.location.pathname;

/**
 * /u/{username}: a user's public profile. One static page serves every name (a 200 rewrite); the island
 * reads the name from the address and loads the profile from the live API.
 */
export default function ProfilePage() {
  // Null in the build-time markup and while hydrating; the address after.
  const path = useSyncExternalStore(noSubscription, currentPath, () => null);
  const username = path === null ? null : usernameFromPath(path);
  const profile = useQuery(username ? profileStore(username.toLowerCase()) : null);
  const data = profile.data;

  const notFound = username === '' || (data === undefined && isUserNotFound(profile.error));
  useEffect(() => {
    if (data) document.title = documentTitle(data.username);
    else if (notFound) document.title = documentTitle(PROFILE_TEXTS.userNotFound);
  }, [data, notFound]);

  if (notFound) {
    return (
      <div className={styles.page}>
        <h1>{PROFILE_TEXTS.userNotFound}</h1>
        <p className={styles.message}>
          No one here goes by that name. <a href="/forum">Back to the forum</a>
        </p>
      </div>
    );
  }
  if (data === undefined && profile.error !== undefined) {
    return (
      <div className={styles.page}>
        <h1>Profile</h1>
        <div className={styles.message} role="alert">
          <p>This profile could not be loaded.</p>
          <button type="button" className="button" onClick={profile.retry}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (data === undefined) {
    return (
      <div className={styles.page} aria-busy="true">
        <header className={styles.header}>
          <span className={styles.avatarSkeleton} aria-hidden="true" />
          <h1>
            <span className="visually-hidden">Loading the profile</span>
            <span className={styles.titleBar} aria-hidden="true" />
          </h1>
        </header>
        <div className={styles.blockSkeleton} aria-hidden="true" data-testid="profile-skeleton" />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <ProfileAvatar username={data.username} url={data.avatar_url} />
        <div className={styles.identity}>
          <h1>{data.username}</h1>
          <p className={styles.joined}>
            <time dateTime={data.joined_at}>{joinedText(data.joined_at)}</time>
          </p>
        </div>
      </header>

      <dl className={styles.counts} aria-label="Activity">
        <div>
          <dt>Votes</dt>
          <dd>{data.counts.votes.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Reviews</dt>
          <dd>{data.counts.reviews.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Forum posts</dt>
          <dd>{data.counts.posts.toLocaleString('en')}</dd>
        </div>
      </dl>

      <section className={styles.lists} aria-labelledby="profile-lists-heading">
        <h2 id="profile-lists-heading">Public lists</h2>
        {data.public_lists.length === 0 ? (
          <p className={styles.none}>No public lists yet.</p>
        ) : (
          <ul>
            {data.public_lists.map((list) => (
              <li key={list.share_token}>
                <a href={`/lists/${encodeURIComponent(list.share_token)}`}>{list.name}</a>
                <span className={styles.none}> · {countText(list.item_count, 'series', 'series')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.stats && <ProfileStats stats={data.stats} />}
    </div>
  );
}
