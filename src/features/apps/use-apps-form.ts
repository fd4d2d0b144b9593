import { useState, type SubmitEvent } from 'react';
import { APPS_TEXT } from '../../../contract/apps-values';
import { useNotice } from '../../ui/FormNotice';
import { formProblemOf } from './apps-state';

/** A field the form refuses before sending (the redirect URIs' own rule), with why. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The submit of a form of /account/apps: one send at a time; a problem found before sending, or the API's
 * field errors, shown next to their field with the first one focused; what was typed kept until the send
 * succeeds, then the form reset and `done` told.
 */
export function useAppsForm<T>(options: {
  fieldNames: readonly string[];
  check?: (data: FormData) => FieldProblem | null;
  send: (data: FormData) => Promise<T>;
  done: (result: T) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, show] = useNotice();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const focus = (field: string | undefined) =>
      field && form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
    const data = new FormData(form);
    const refused = options.check?.(data);
    if (refused) {
      setFields({ [refused.field]: refused.message });
      show(refused.message, 'error', { announceOnly: true });
      focus(refused.field);
      return;
    }
    setBusy(true);
    setFields({});
    show('');
    try {
      const result = await options.send(data);
      form.reset();
      options.done(result);
    } catch (error) {
      const problem = formProblemOf(error, options.fieldNames, APPS_TEXT.saveFailed);
      setFields(problem.fields);
      show(problem.message || Object.values(problem.fields)[0] || '', 'error', {
        announceOnly: !problem.message,
      });
      focus(Object.keys(problem.fields)[0]);
    } finally {
      setBusy(false);
    }
  }

  return { busy, fields, setFields, notice, submit };
}
