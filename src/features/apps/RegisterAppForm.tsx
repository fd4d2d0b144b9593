import type { CreatedOAuthApp } from '../../../contract/apps';
import {
  APP_NAME_MAX_LENGTH,
  APPS_TEXT,
  CLIENT_TYPES,
  MAX_REDIRECT_URIS,
  redirectUriProblem,
} from '../../../contract/apps-values';
import { FormNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import { registerApp } from './apps.queries';
import { isClientType, redirectUrisOf } from './apps-state';
import { useAppsForm } from './use-apps-form';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

const FIELDS = ['name', 'redirect_uris', 'client_type'];

/** The first typed redirect URI the API would refuse, as "Line N: why", or null. */
function redirectUrisProblem(text: string): string | null {
  const uris = redirectUrisOf(text);
  if (uris.length > MAX_REDIRECT_URIS) return `at most ${MAX_REDIRECT_URIS} redirect URIs`;
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    const problem = line === '' ? null : redirectUriProblem(line);
    if (problem) return `Line ${index + 1}: ${problem}`;
  }
  return null;
}

/**
 * Registers an app: name, redirect URIs one per line, public or confidential. The URIs are checked on
 * Register with the rule the API applies, and a problem shown follows the typing; the API's own field
 * errors show next to their field, and what was typed stays until the app is registered.
 */
export default function RegisterAppForm({
  userId,
  onRegistered,
}: {
  userId: number;
  onRegistered: (app: CreatedOAuthApp) => void;
}) {
  const { busy, fields, setFields, notice, submit } = useAppsForm({
    fieldNames: FIELDS,
    check: (data) => {
      const problem = redirectUrisProblem(String(data.get('redirect_uris') ?? ''));
      return problem ? { field: 'redirect_uris', message: problem } : null;
    },
    send: (data) => {
      const clientType = data.get('client_type');
      return registerApp(userId, {
        name: String(data.get('name') ?? ''),
        redirect_uris: redirectUrisOf(String(data.get('redirect_uris') ?? '')),
        client_type: isClientType(clientType) ? clientType : 'public',
      });
    },
    done: onRegistered,
  });

  const urisError = fields.redirect_uris;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby="register-app"
    >
      <h3 id="register-app" className={styles.subheading}>
        {APPS_TEXT.registerApp}
      </h3>
      <TextField
        id="app-name"
        name="name"
        label={TEXT.appName}
        maxLength={APP_NAME_MAX_LENGTH}
        error={fields.name}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="app-redirect-uris">
          {TEXT.redirectUris}
        </label>
        <textarea
          id="app-redirect-uris"
          name="redirect_uris"
          className={styles.textarea}
          rows={3}
          spellCheck={false}
          autoCapitalize="none"
          placeholder="https://example.com/callback"
          aria-invalid={urisError ? true : undefined}
          aria-describedby={urisError ? 'app-redirect-uris-error' : 'app-redirect-uris-hint'}
          onInput={(event) => {
            // A shown problem follows the typing (gone once fixed); a new one waits for Register: checking
            // on blur would move the button under a pointer on its way to it, and the click would be lost.
            const text = event.currentTarget.value;
            if (urisError)
              setFields((current) => ({ ...current, redirect_uris: redirectUrisProblem(text) ?? '' }));
          }}
        />
        {urisError ? (
          <p id="app-redirect-uris-error" className={styles.fieldError}>
            {urisError}
          </p>
        ) : (
          <p id="app-redirect-uris-hint" className={styles.hint}>
            {TEXT.redirectUrisHint}
          </p>
        )}
      </div>
      <fieldset
        className={styles.choices}
        aria-describedby={fields.client_type ? 'app-type-error' : undefined}
      >
        <legend className={styles.label}>{TEXT.clientType}</legend>
        {CLIENT_TYPES.map((type) => (
          <label key={type} className={styles.choice}>
            <input type="radio" name="client_type" value={type} defaultChecked={type === 'public'} />
            {type === 'public' ? APPS_TEXT.publicClient : APPS_TEXT.confidentialClient}
          </label>
        ))}
        {fields.client_type && (
          <p id="app-type-error" className={styles.fieldError}>
            {fields.client_type}
          </p>
        )}
      </fieldset>
      <FormNotice notice={notice} />
      <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
        {busy ? TEXT.registering : TEXT.register}
      </button>
    </form>
  );
}
