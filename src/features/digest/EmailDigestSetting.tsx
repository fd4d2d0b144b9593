import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { useState } from 'react';
import { DIGEST_TEXT, type EmailDigest } from '../../../contract/digest-values';
import { createFetcherStore } from '../../lib/query';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import { loadEmailDigest, saveEmailDigest } from './digest-api';
import styles from './EmailDigestSetting.module.css';

const DIGEST_KEY = 'email-digest/';
const $token = computed($session, (session) => session.token ?? null);
const $emailDigest = createFetcherStore<EmailDigest>([DIGEST_KEY, $token], {
  fetcher: (_prefix, token) => loadEmailDigest(String(token)),
});

/** On /account: the daily digest of unread notifications, off by default; saved as soon as it changes. */
export default function EmailDigestSetting() {
  // The build renders signed out: the first client render must match it.
  const hydrated = useHydrated();
  const token = useStore($token);
  const digest = useStore($emailDigest);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!hydrated || !token) return null;

  async function change(daily: boolean) {
    if (!token || saving) return;
    const wanted: EmailDigest = daily ? 'daily' : 'never';
    const before = digest.data;
    setSaving(true);
    setFailed(false);
    // Shown at once; put back if the API refuses.
    $emailDigest.mutate(wanted);
    try {
      $emailDigest.mutate(await saveEmailDigest(token, wanted));
    } catch {
      $emailDigest.mutate(before);
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className={styles.setting} aria-labelledby="email-heading">
      <h2 id="email-heading" className={styles.heading}>
        E-mail
      </h2>
      {digest.error && digest.data === undefined ? (
        <div role="alert" className={styles.problem}>
          <p>Your e-mail preferences could not be loaded.</p>
          <button type="button" className="button" onClick={() => $emailDigest.revalidate()}>
            Try again
          </button>
        </div>
      ) : (
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={digest.data === 'daily'}
            disabled={digest.data === undefined}
            aria-busy={saving || undefined}
            onChange={(event) => void change(event.currentTarget.checked)}
          />
          <span>{DIGEST_TEXT.checkbox}</span>
        </label>
      )}
      {failed && (
        <p role="alert" className={styles.problem}>
          {DIGEST_TEXT.saveFailed}
        </p>
      )}
    </section>
  );
}
