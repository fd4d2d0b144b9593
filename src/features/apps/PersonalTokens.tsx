import { useState } from 'react';
import type { CreatedPersonalToken, PersonalToken } from '../../../contract/apps';
import { APPS_TEXT } from '../../../contract/apps-values';
import { errorDetail } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import ConfirmDialog from './ConfirmDialog';
import ListState from './ListState';
import ShownOnce from './ShownOnce';
import TokenForm from './TokenForm';
import { revokeToken, tokensStore } from './apps.queries';
import { formatDay, scopeWords } from './apps-state';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import { useFocusLater } from './use-focus-later';
import styles from './AppsPage.module.css';

/** "Personal access tokens": create one (shown once), and the list with each token's scopes and Revoke. */
export default function PersonalTokens({ userId }: { userId: number }) {
  const tokens = useQuery(tokensStore(userId));
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);
  const [notice, show] = useNotice();
  const [heading, focusHeading] = useFocusLater<HTMLHeadingElement>();

  return (
    <section className={styles.section} aria-labelledby="personal-tokens">
      <h2 id="personal-tokens" className={styles.heading} ref={heading} tabIndex={-1}>
        {APPS_TEXT.personalTokens}
      </h2>
      <FormNotice notice={notice} />
      {created ? (
        <ShownOnce
          key={created.id}
          title={TEXT.created(created.name)}
          label={TEXT.newToken}
          value={created.token}
          onDone={() => {
            setCreated(null);
            show('');
            focusHeading();
          }}
        />
      ) : (
        <TokenForm
          userId={userId}
          onCreated={(token) => {
            setCreated(token);
          }}
        />
      )}
      <ListState query={tokens} empty={APPS_TEXT.noTokens} loadFailed={APPS_TEXT.loadFailed} />
      {tokens.data && tokens.data.length > 0 && (
        <ul className={styles.list} role="list" aria-label={APPS_TEXT.personalTokens}>
          {tokens.data.map((token) => (
            <li key={token.id} className={styles.item} data-token={token.id}>
              <h3 className={styles.itemName}>{token.name}</h3>
              <ul className={styles.scopes}>
                {scopeWords(token.scopes).map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </ul>
              <dl className={styles.facts}>
                <dt>{TEXT.endsWith}</dt>
                <dd>
                  <code className={styles.code}>…{token.token_hint}</code>
                </dd>
                <dt>{TEXT.created_at}</dt>
                <dd>
                  <time dateTime={token.created_at}>{formatDay(token.created_at, APPS_TEXT.never)}</time>
                </dd>
                <dt>{TEXT.lastUsed}</dt>
                <dd>{formatDay(token.last_used_at, APPS_TEXT.never)}</dd>
              </dl>
              <button
                type="button"
                className={`button ${styles.danger} ${styles.itemAction}`}
                onClick={() => setRevoking(token)}
              >
                {APPS_TEXT.revoke}
                <span className="visually-hidden"> {token.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          title={TEXT.revokeToken(revoking.name)}
          warning={TEXT.revokeTokenWarning}
          action={APPS_TEXT.revoke}
          describeError={(error) => errorDetail(error, TEXT.failed)}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeToken(userId, revoking.id);
            setRevoking(null);
            show(TEXT.revoked(revoking.name), 'success');
            focusHeading();
          }}
        />
      )}
    </section>
  );
}
