import { avatarColour, avatarInitials } from './profile-format';
import styles from './ProfileAvatar.module.css';

/**
 * A user's avatar: the uploaded picture, or one drawn here from the name (initials on a colour derived from
 * it; no outside service). Decorative: the name is always written next to it.
 */
export default function ProfileAvatar({ username, url }: { username: string; url: string | null }) {
  if (url) {
    return <img className={styles.avatar} src={url} alt="" width={256} height={256} decoding="async" />;
  }
  return (
    <span
      className={styles.avatar}
      style={{ backgroundColor: avatarColour(username) }}
      aria-hidden="true"
      data-generated-avatar=""
    >
      {avatarInitials(username)}
    </span>
  );
}
