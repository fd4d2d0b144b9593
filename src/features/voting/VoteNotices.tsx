import type { PanelMessage } from './vote-state';
import styles from './VotePanel.module.css';

/** The login prompt visitors get instead of the panel; before hydration it shows only when signed out. */
export function VoteLoginPrompt({
  prompt,
  href,
  beforeHydration,
}: {
  prompt: string;
  href: string;
  beforeHydration: boolean;
}) {
  return (
    <div className={`${styles.prompt} ${beforeHydration ? styles.signedOutOnly : ''}`}>
      <p>{prompt}</p>
      <div className={styles.promptActions}>
        <a className="button button-primary" href={href}>
          Log in
        </a>
        <a className="button" href="/signup">
          Sign up
        </a>
      </div>
    </div>
  );
}

/**
 * A ballot's outcome, announced: errors as alerts, results as status. A new `id` per message, so the same
 * text twice is announced twice.
 */
export function VoteMessages({ message }: { message: (PanelMessage & { id: number }) | null }) {
  return (
    <div className={styles.messages}>
      <div role="alert">
        {message?.tone === 'error' && (
          <p key={message.id} className={`${styles.message} ${styles.error}`}>
            {message.text}
          </p>
        )}
      </div>
      <div role="status">
        {message?.tone === 'success' && (
          <p key={message.id} className={`${styles.message} ${styles.success}`}>
            {message.text}
          </p>
        )}
      </div>
    </div>
  );
}
