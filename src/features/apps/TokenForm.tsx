import { useState, type SubmitEvent } from 'react';
import type { CreatedPersonalToken } from '../../../contract/apps';
import { APPS_TEXT, OAUTH_SCOPES, SCOPE_WORDS, TOKEN_NAME_MAX_LENGTH } from '../../../contract/apps-values';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import { createToken } from './apps.queries';
import { formProblemOf, scopesOf } from './apps-state';
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
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, show] = useNotice();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setFields({});
    show('');
    try {
      const created = await createToken(userId, {
        name: String(data.get('name') ?? ''),
        scopes: scopesOf(data.getAll('scopes')),
      });
      form.reset();
      onCreated(created);
    } catch (error) {
      const problem = formProblemOf(error, FIELDS, APPS_TEXT.saveFailed);
      setFields(problem.fields);
      show(problem.message || Object.values(problem.fields)[0] || '', 'error', {
        announceOnly: !problem.message,
      });
      const firstField = Object.keys(problem.fields)[0];
      if (firstField) form.querySelector<HTMLElement>(`[name="${firstField}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  }

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
