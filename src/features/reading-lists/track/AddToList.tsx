import { useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { LIST_NAME_MAX_LENGTH, LIST_TEXT } from '../../../../contract/reading-lists-values';
import { PROGRESS_TEXT, TRACK_TEXT } from '../../../../contract/reading-progress-values';
import TextField from '../../../ui/TextField';
import type { AddChoice, ListRef } from './track-state';
import styles from './TrackPanel.module.css';

export interface AddToListProps {
  choice: AddChoice;
  /** The id of the "Add to list" button, where the panel puts the focus back. */
  buttonId: string;
  onAdd: (list: ListRef) => void;
  /** Creates the first list and adds the series; resolves with the problem to show, or '' when done. */
  onCreate: (name: string) => Promise<string>;
}

/**
 * "Add to list": adds to the one list that does not hold the series yet; with two, it opens "Add to which
 * list?" (a button per list); with none, a name field and "Create a list and add". Escape and Cancel close
 * what it opened and put the focus back on the button.
 */
export default function AddToList({ choice, buttonId, onAdd, onCreate }: AddToListProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (choice.kind === 'none') return null;

  const close = () => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };
  const opens = choice.kind !== 'one';

  return (
    <div className={styles.add}>
      <button
        type="button"
        id={buttonId}
        className="button button-primary"
        aria-expanded={opens ? open : undefined}
        aria-controls={opens && open ? `${id}-more` : undefined}
        onClick={() => (choice.kind === 'one' ? onAdd(choice.list) : setOpen(!open))}
      >
        {TRACK_TEXT.addToList}
      </button>
      {open && choice.kind === 'choose' && (
        <div
          id={`${id}-more`}
          className={styles.choose}
          role="group"
          aria-labelledby={`${id}-which`}
          onKeyDown={closeOnEscape}
        >
          <p id={`${id}-which`} className={styles.label}>
            {TRACK_TEXT.chooseList}
          </p>
          <div className={styles.controls}>
            {choice.lists.map((list) => (
              <button key={list.id} type="button" className="button" onClick={() => onAdd(list)}>
                {list.name}
              </button>
            ))}
            <button type="button" className={`button ${styles.quiet}`} onClick={close}>
              {PROGRESS_TEXT.cancel}
            </button>
          </div>
        </div>
      )}
      {open && choice.kind === 'create' && (
        <div id={`${id}-more`} onKeyDown={closeOnEscape}>
          <CreateFirstList onCreate={onCreate} onCancel={close} />
        </div>
      )}
    </div>
  );
}

function CreateFirstList({
  onCreate,
  onCancel,
}: {
  onCreate: AddToListProps['onCreate'];
  onCancel: () => void;
}) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const name = input.current?.value.trim() ?? '';
    if (!name) {
      setProblem(LIST_TEXT.nameRequired);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem('');
    const failure = await onCreate(name);
    // Still mounted only when the list was not created (the panel shows the series in its list instead).
    setBusy(false);
    setProblem(failure);
    if (failure) input.current?.focus();
  }

  return (
    <form className={styles.create} onSubmit={submit} noValidate>
      <TextField
        id={`${id}-name`}
        name="name"
        label={TRACK_TEXT.listName}
        autoComplete="off"
        maxLength={LIST_NAME_MAX_LENGTH}
        autoFocus
        error={problem}
        inputRef={input}
      />
      <div role="alert" className="visually-hidden">
        {problem && <p key={problem}>{problem}</p>}
      </div>
      <div className={styles.controls}>
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {busy ? TRACK_TEXT.creating : TRACK_TEXT.createFirst}
        </button>
        <button type="button" className={`button ${styles.quiet}`} onClick={onCancel}>
          {PROGRESS_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
