import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { AVATAR_MAX_BYTES } from '../../../contract/profiles-values';
import { errorDetail } from '../../lib/api-client';
import FileField from '../../ui/FileField';
import { useQuery } from '../../lib/use-query';
import { forgetProfile, profileStore, uploadAvatar } from './profile-queries';
import ProfileAvatar from './ProfileAvatar';
import styles from './ProfileSettings.module.css';

/**
 * The avatar upload on /account: pick a PNG, JPEG or WebP, see it, upload it. The API checks and
 * re-encodes it; its refusals are shown word for word, and the picked file stays for another try.
 */
export default function AvatarUpload({ token, username }: { token: string; username: string }) {
  const profile = useQuery(profileStore(username.toLowerCase()));
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [state, setState] = useState<{ busy: boolean; problem?: string; done?: boolean }>({ busy: false });

  // The picked file shown before it is sent; its object URL is let go when the choice changes.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || state.busy) return;
    setState({ busy: true });
    try {
      const answer = await uploadAvatar(token, file);
      setUploaded(answer.avatar_url);
      setFile(null);
      setState({ busy: false, done: true });
      forgetProfile(username);
    } catch (error) {
      setState({
        busy: false,
        problem: errorDetail(error, 'The avatar could not be uploaded. Please try again.'),
      });
    }
  }

  const current = uploaded ?? profile.data?.avatar_url ?? null;
  return (
    <form className={styles.avatarForm} onSubmit={(event) => void submit(event)}>
      <div className={styles.avatarRow}>
        {preview ? (
          <img className={styles.preview} src={preview} alt="Preview of the chosen avatar" />
        ) : (
          <ProfileAvatar username={username} url={current} />
        )}
        <FileField
          label="Avatar"
          file={file}
          onChange={(next) => {
            setFile(next);
            setState({ busy: false });
          }}
          accept="image/png,image/jpeg,image/webp"
          hint={`PNG, JPEG or WebP, at most ${Math.round(AVATAR_MAX_BYTES / 1024)} KB. Shown as a 256 px square.`}
          error={state.problem}
          disabled={state.busy}
          status={state.busy ? 'Uploading…' : undefined}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={!file || state.busy}>
          Upload avatar
        </button>
        {state.done && (
          <p role="status" className={styles.done}>
            Your avatar was updated.
          </p>
        )}
      </div>
    </form>
  );
}
