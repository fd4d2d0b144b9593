import { useState } from 'react';
import { PROFILE_TEXTS } from '../../../contract/profiles-values';
import { errorDetail } from '../../lib/api-client';
import type { FetcherStore } from '../../lib/query';
import { useQuery } from '../../lib/use-query';
import { forgetProfile, saveShowReadingStats } from './profile-queries';
import styles from './ProfileSettings.module.css';

/**
 * "Show my reading stats on my profile" (on by default), saved as soon as it changes: shown at once, put
 * back with the API's reason if the save fails.
 */
export default function ReadingStatsSetting({
  token,
  username,
  store,
}: {
  token: string;
  username: string;
  store: FetcherStore<boolean>;
}) {
  const shown = useQuery(store);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function change(show: boolean) {
    if (saving) return;
    const before = shown.data;
    setSaving(true);
    setProblem(null);
    store.mutate(show);
    try {
      store.mutate(await saveShowReadingStats(token, show));
      forgetProfile(username);
    } catch (error) {
      store.mutate(before);
      setProblem(errorDetail(error, 'Your preference could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  if (shown.error !== undefined && shown.data === undefined) {
    return (
      <div role="alert" className={styles.problem}>
        <p>Your profile preferences could not be loaded.</p>
        <button type="button" className="button" onClick={shown.retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={shown.data ?? true}
          disabled={shown.data === undefined}
          aria-busy={saving || undefined}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <span>{PROFILE_TEXTS.showReadingStats}</span>
      </label>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </>
  );
}
