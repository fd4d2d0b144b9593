import { useState } from 'react';
import type { OAuthApp } from '../../../contract/apps';
import { APPS_TEXT } from '../../../contract/apps-values';
import { errorDetail } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import ConfirmDialog from './ConfirmDialog';
import ListState from './ListState';
import { appsStore, deleteApp } from './apps.queries';
import { formatDay } from './apps-state';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

/** The reader's registered apps: name, client ID, type, redirect URIs, and Delete behind a confirmation. */
export default function AppList({
  userId,
  onDeleted,
}: {
  userId: number;
  onDeleted: (app: OAuthApp) => void;
}) {
  const apps = useQuery(appsStore(userId));
  const [deleting, setDeleting] = useState<OAuthApp | null>(null);

  return (
    <>
      <ListState query={apps} empty={APPS_TEXT.noApps} loadFailed={APPS_TEXT.loadFailed} />
      {apps.data && apps.data.length > 0 && (
        <ul className={styles.list} role="list" aria-label={APPS_TEXT.myApps}>
          {apps.data.map((app) => (
            <li key={app.client_id} className={styles.item} data-app={app.client_id}>
              <div className={styles.itemHead}>
                <h4 className={styles.itemName}>{app.name}</h4>
                <span className={styles.badge}>{app.client_type}</span>
              </div>
              <dl className={styles.facts}>
                <dt>{TEXT.clientId}</dt>
                <dd>
                  <code className={styles.code}>{app.client_id}</code>
                </dd>
                <dt>{TEXT.redirectUris}</dt>
                <dd>
                  <ul className={styles.uris} role="list">
                    {app.redirect_uris.map((uri) => (
                      <li key={uri}>
                        <code className={styles.code}>{uri}</code>
                      </li>
                    ))}
                  </ul>
                </dd>
                <dt>{TEXT.created_at}</dt>
                <dd>
                  <time dateTime={app.created_at}>{formatDay(app.created_at, APPS_TEXT.never)}</time>
                </dd>
              </dl>
              <button
                type="button"
                className={`button ${styles.danger} ${styles.itemAction}`}
                onClick={() => setDeleting(app)}
              >
                {APPS_TEXT.delete}
                <span className="visually-hidden"> {app.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={TEXT.deleteApp(deleting.name)}
          warning={TEXT.deleteAppWarning}
          action={APPS_TEXT.delete}
          describeError={(error) => errorDetail(error, TEXT.failed)}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteApp(userId, deleting.client_id);
            setDeleting(null);
            onDeleted(deleting);
          }}
        />
      )}
    </>
  );
}
