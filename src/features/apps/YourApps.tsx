import { useState } from 'react';
import type { CreatedOAuthApp } from '../../../contract/apps';
import { APPS_TEXT } from '../../../contract/apps-values';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import AppList from './AppList';
import RegisterAppForm from './RegisterAppForm';
import ShownOnce from './ShownOnce';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import { useFocusLater } from './use-focus-later';
import styles from './AppsPage.module.css';

/**
 * "Your apps": the registration form, the app just registered (its client ID, and a confidential app's
 * secret, shown this once), and the list. After a deletion, focus goes to the section's heading.
 */
export default function YourApps({ userId }: { userId: number }) {
  const [created, setCreated] = useState<CreatedOAuthApp | null>(null);
  const [notice, show] = useNotice();
  const [heading, focusHeading] = useFocusLater<HTMLHeadingElement>();

  return (
    <section className={styles.section} aria-labelledby="your-apps">
      <h2 id="your-apps" className={styles.heading} ref={heading} tabIndex={-1}>
        {APPS_TEXT.myApps}
      </h2>
      <p className={styles.muted}>
        <a href="/developers">{TEXT.developersLink}</a>
      </p>
      <FormNotice notice={notice} />
      {created ? (
        <ShownOnce
          key={created.client_id}
          title={TEXT.registered(created.name)}
          label={created.client_secret ? TEXT.clientSecret : TEXT.clientId}
          value={created.client_secret ?? created.client_id}
          once={created.client_secret !== null}
          onDone={() => {
            setCreated(null);
            show('');
            focusHeading();
          }}
        >
          {created.client_secret && (
            <p className={styles.muted}>
              {TEXT.clientId}: <code className={styles.code}>{created.client_id}</code>
            </p>
          )}
        </ShownOnce>
      ) : (
        <RegisterAppForm
          userId={userId}
          onRegistered={(app) => {
            setCreated(app);
          }}
        />
      )}
      <AppList
        userId={userId}
        onDeleted={(app) => {
          show(TEXT.deleted(app.name), 'success');
          focusHeading();
        }}
      />
    </section>
  );
}
