import { useState } from 'react';
import type { Authorization } from '../../../contract/apps';
import { APPS_TEXT } from '../../../contract/apps-values';
import { errorDetail } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import ConfirmDialog from './ConfirmDialog';
import ListState from './ListState';
import { authorizationsStore, revokeAuthorization } from './apps.queries';
import { formatDay, scopeWords } from './apps-state';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import { useFocusLater } from './use-focus-later';
import styles from './AppsPage.module.css';

/** "Apps you authorized": each app, what it may do in words, when and last used, and Revoke. */
export default function AuthorizedApps({ userId }: { userId: number }) {
  const authorizations = useQuery(authorizationsStore(userId));
  const [revoking, setRevoking] = useState<Authorization | null>(null);
  const [notice, show] = useNotice();
  const [heading, focusHeading] = useFocusLater<HTMLHeadingElement>();

  return (
    <section className={styles.section} aria-labelledby="authorized-apps">
      <h2 id="authorized-apps" className={styles.heading} ref={heading} tabIndex={-1}>
        {APPS_TEXT.authorizedApps}
      </h2>
      <FormNotice notice={notice} />
      <ListState
        query={authorizations}
        empty={APPS_TEXT.noAuthorizations}
        loadFailed={APPS_TEXT.loadFailed}
      />
      {authorizations.data && authorizations.data.length > 0 && (
        <ul className={styles.list} role="list" aria-label={APPS_TEXT.authorizedApps}>
          {authorizations.data.map((item) => (
            <li key={item.client_id} className={styles.item} data-authorization={item.client_id}>
              <h3 className={styles.itemName}>{item.app_name}</h3>
              <ul className={styles.scopes}>
                {scopeWords(item.scopes).map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </ul>
              <dl className={styles.facts}>
                <dt>{TEXT.authorizedAt}</dt>
                <dd>
                  <time dateTime={item.authorized_at}>{formatDay(item.authorized_at, APPS_TEXT.never)}</time>
                </dd>
                <dt>{TEXT.lastUsed}</dt>
                <dd>
                  {item.last_used_at ? (
                    <time dateTime={item.last_used_at}>{formatDay(item.last_used_at, APPS_TEXT.never)}</time>
                  ) : (
                    APPS_TEXT.never
                  )}
                </dd>
              </dl>
              <button
                type="button"
                className={`button ${styles.danger} ${styles.itemAction}`}
                onClick={() => setRevoking(item)}
              >
                {APPS_TEXT.revoke}
                <span className="visually-hidden"> {item.app_name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          title={TEXT.revokeApp(revoking.app_name)}
          warning={TEXT.revokeAppWarning}
          action={APPS_TEXT.revoke}
          describeError={(error) => errorDetail(error, TEXT.failed)}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeAuthorization(userId, revoking.client_id);
            setRevoking(null);
            show(TEXT.revoked(revoking.app_name), 'success');
            focusHeading();
          }}
        />
      )}
    </section>
  );
}
