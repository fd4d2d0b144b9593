import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useHydrated } from '../../ui/use-hydrated';
import { $session, LOGIN_PATH } from '../accounts/session-store';
import AuthorizedApps from './AuthorizedApps';
import PersonalTokens from './PersonalTokens';
import YourApps from './YourApps';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

export const APPS_PAGE_PATH = '/account/apps';

/**
 * /account/apps: the reader's registered OAuth apps, the apps they authorized, and their personal access
 * tokens. Visitors are sent to log in and come back here. Nothing is rendered into the build but the
 * loading line: the page is the signed-in reader's.
 */
export default function AppsPage() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const user = session.user;

  useEffect(() => {
    if (hydrated && !user) window.location.assign(`${LOGIN_PATH}?next=${encodeURIComponent(APPS_PAGE_PATH)}`);
  }, [hydrated, user]);

  if (!hydrated || !user) {
    return (
      <p className={styles.muted} role="status">
        {TEXT.loading}
      </p>
    );
  }
  return (
    <div className={styles.page} data-apps-page>
      <YourApps userId={user.id} />
      <AuthorizedApps userId={user.id} />
      <PersonalTokens userId={user.id} />
    </div>
  );
}
