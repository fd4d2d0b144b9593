import type { CreatedPersonalToken } from '../../../contract/apps';
import { APPS_TEXT, OAUTH_SCOPES, SCOPE_WORDS, TOKEN_NAME_MAX_LENGTH } from '../../../contract/apps-values';
import { FormNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import { createToken } from './apps.queries';
import { scopesOf } from './apps-state';
import { useAppsForm } from './use-apps-form';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

const FIELDS = ['name', 'scopes'];

/**
 * Creates a personal access token: a name and the scopes it may use (each told in words). Field errors
 * from the API show next to their field; what was typed and ticked stays until the token is made.
 */
export default function TokenForm({
  userId,
  onCreated,
}: {
  userId: number;
  onCreated: (token: CreatedPersonalToken) => void;
}) {
  const { busy, fields, notice, submit } = useAppsForm({
    fieldNames: FIELDS,
    send: (data) =>
      createToken(userId, { name: String(data.get('name') ?? ''), scopes: scopesOf(data.getAll('scopes')) }),
    done: onCreated,
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby="create-token"
    >
      <h3 id="create-token" className={styles.subheading}>
        {APPS_TEXT.createToken}
      </h3>
      <TextField
        id="token-name"
        name="name"
        label={TEXT.tokenName}
        hint={TEXT.tokenNameHint}
        maxLength={TOKEN_NAME_MAX_LENGTH}
        error={fields.name}
      />
      <fieldset
        className={styles.choices}
        aria-invalid={fields.scopes ? true : undefined}
        aria-describedby={fields.scopes ? 'token-scopes-error' : undefined}
      >
        <legend className={styles.label}>{TEXT.scopes}</legend>
        {OAUTH_SCOPES.map((scope) => (
          <label key={scope} className={styles.choice}>
            <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === 'library.read'} />
            <span>
              {SCOPE_WORDS[scope]} <code className={styles.code}>{scope}</code>
            </span>
          </label>
        ))}
        {fields.scopes && (
          <p id="token-scopes-error" className={styles.fieldError}>
            {fields.scopes}
          </p>
        )}
      </fieldset>
      <FormNotice notice={notice} />
      <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
        {busy ? TEXT.creating : APPS_TEXT.createToken}
      </button>
    </form>
  );
}
