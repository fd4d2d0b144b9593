import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { createFetcherStore } from '../../lib/query';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import AvatarUpload from './AvatarUpload';
import { profileHref } from './profile-format';
import { loadShowReadingStats } from './profile-queries';
import ReadingStatsSetting from './ReadingStatsSetting';
import styles from './ProfileSettings.module.css';

const $token = computed($session, (session) => session.token ?? null);
const $showReadingStats = createFetcherStore<boolean>(['profile/show-reading-stats/', $token], {
  fetcher: (_prefix, token) => loadShowReadingStats(String(token)),
});

/** On /account: the public profile's settings (avatar, reading stats) and a link to the profile. */
export default function ProfileSettings() {
  // The build renders signed out: the first client render must match it.
  const hydrated = useHydrated();
  const session = useStore($session);
  if (!hydrated || !session.token || !session.user) return null;
  const { token } = session;
  const { username } = session.user;

  return (
    <section className={styles.settings} aria-labelledby="profile-heading">
      <div className={styles.headingRow}>
        <h2 id="profile-heading" className={styles.heading}>
          Profile
        </h2>
        <a href={profileHref(username)}>View my profile</a>
      </div>
      <AvatarUpload token={token} username={username} />
      <ReadingStatsSetting token={token} username={username} store={$showReadingStats} />
    </section>
  );
}
