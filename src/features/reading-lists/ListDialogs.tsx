import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { LIST_NAME_MAX_LENGTH, LIST_TEXT, MAX_LISTS_PER_USER } from '../../../contract/reading-lists-values';
import type { ReadingList } from '../../../contract/reading-lists';
import Dialog from '../../ui/Dialog';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import { addSeriesToList, createReadingList, removeSeriesFromList } from './lists-api';
import { listFailureMessage } from './list-messages';
import {
  $listDialog,
  $myLists,
  announceListChange,
  closeListDialog,
  replaceList,
  type ListDialog,
} from './lists-store';
import styles from './ListDialogs.module.css';

/**
 * The "Add to Reading List" and "Create a Reading List" modals, opened through the lists store from any
 * series card or the home page's button. Loaded only when one opens.
 */
export default function ListDialogs() {
  const dialog = useStore($listDialog);
  if (!dialog) return null;
  return dialog.kind === 'add' ? (
    <AddToListDialog key={dialog.series.id} series={dialog.series} />
  ) : (
    <CreateListDialog />
  );
}

const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

function AddToListDialog({ series }: { series: Extract<ListDialog, { kind: 'add' }>['series'] }) {
  const { data: lists, error, loading } = useStore($myLists);
  const [chosen, setChosen] = useState<number | null>(null);
  const [notice, show] = useNotice();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const noticeId = `${id}-notice`;

  // One list: nothing to choose.
  const selected = chosen ?? (lists?.length === 1 ? lists[0]!.id : null);
  const selectedList = lists?.find((list) => list.id === selected);
  const selectedHas = selectedList?.items.some((item) => item.series_id === series.id) ?? false;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!selectedList) {
      show(LIST_TEXT.chooseList);
      return;
    }
    setBusy(true);
    show('');
    try {
      if (selectedHas) {
        replaceList(await removeSeriesFromList(selectedList.id, series.id));
        announceListChange(`Removed “${series.title}” from “${selectedList.name}”.`);
      } else {
        replaceList(await addSeriesToList(selectedList.id, series.id));
        announceListChange(`Added “${series.title}” to “${selectedList.name}”.`);
      }
      closeListDialog();
    } catch (failure) {
      show(listFailureMessage(failure, selectedHas ? LIST_TEXT.removeFailed : LIST_TEXT.addFailed));
      setBusy(false);
    }
  }

  async function createAndAdd(name: string): Promise<string> {
    let created: ReadingList;
    try {
      created = await createReadingList(name);
    } catch (failure) {
      return listFailureMessage(failure, LIST_TEXT.createFailed);
    }
    replaceList(created);
    try {
      replaceList(await addSeriesToList(created.id, series.id));
    } catch (failure) {
      setChosen(created.id);
      return listFailureMessage(failure, LIST_TEXT.addToListFailed);
    }
    announceListChange(`Created “${created.name}” and added “${series.title}”.`);
    closeListDialog();
    return '';
  }

  return (
    <Dialog title={LIST_TEXT.addTitle} onClose={closeListDialog}>
      <p className={styles.subject}>{series.title}</p>
      {!lists && loading && (
        <p className={styles.muted} role="status">
          Loading your lists…
        </p>
      )}
      {!lists && !loading && error !== undefined && (
        <div className={styles.failure} role="alert">
          <p>{LIST_TEXT.cardUpdateFailed}</p>
          <button type="button" className="button" onClick={() => $myLists.revalidate()}>
            {LIST_TEXT.tryAgain}
          </button>
        </div>
      )}
      {lists && lists.length > 0 && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <fieldset
            className={styles.choices}
            aria-describedby={notice ? noticeId : undefined}
            aria-invalid={notice?.text === LIST_TEXT.chooseList || undefined}
          >
            <legend className={styles.legend}>Your lists</legend>
            {lists.map((list) => {
              const has = list.items.some((item) => item.series_id === series.id);
              return (
                <label key={list.id} className={styles.choice}>
                  <input
                    type="radio"
                    name="list"
                    value={list.id}
                    checked={selected === list.id}
                    onChange={() => {
                      setChosen(list.id);
                      show('');
                    }}
                  />
                  <span className={styles.choiceName}>{list.name}</span>
                  <span className={styles.choiceMeta}>
                    {itemCount(list.item_count)}
                    {has && <span className={styles.inList}>In this list</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <FormNotice notice={notice} errorId={noticeId} />
          <div className={styles.actions}>
            <button
              type="submit"
              className={`button ${selectedHas ? '' : 'button-primary'}`}
              aria-disabled={busy || undefined}
            >
              {selectedHas ? 'Remove from list' : 'Add to list'}
            </button>
          </div>
        </form>
      )}
      {lists &&
        (lists.length < MAX_LISTS_PER_USER ? (
          <NewListForm
            heading={lists.length === 0 ? 'Create your first list' : 'Or create a new list'}
            submitLabel="Create and add"
            onSubmit={createAndAdd}
          />
        ) : (
          <p className={styles.muted}>{LIST_TEXT.limitReached}</p>
        ))}
    </Dialog>
  );
}

function CreateListDialog() {
  async function create(name: string): Promise<string> {
    try {
      const created = await createReadingList(name);
      replaceList(created);
      announceListChange(`Created “${created.name}”.`);
      closeListDialog();
      return '';
    } catch (failure) {
      return listFailureMessage(failure, LIST_TEXT.createFailed);
    }
  }
  return (
    <Dialog title={LIST_TEXT.createTitle} onClose={closeListDialog}>
      <NewListForm submitLabel="Create list" onSubmit={create} autoFocus />
    </Dialog>
  );
}

interface NewListFormProps {
  heading?: string;
  submitLabel: string;
  /** Resolves with the problem to show, or '' when done. */
  onSubmit: (name: string) => Promise<string>;
  autoFocus?: boolean;
}

/** A list name (required, at most 50 characters) and its submit button. */
function NewListForm({ heading, submitLabel, onSubmit, autoFocus = false }: NewListFormProps) {
  const [notice, show] = useNotice();
  const [fieldError, setFieldError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const noticeId = `${id}-notice`;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const name = input.current?.value.trim() ?? '';
    if (!name) {
      setFieldError(LIST_TEXT.nameRequired);
      show(LIST_TEXT.nameRequired, 'error', { announceOnly: true });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError('');
    show('');
    const problem = await onSubmit(name);
    // Still mounted only when the dialog stayed open (a failure).
    setBusy(false);
    show(problem);
    if (problem) input.current?.focus();
  }

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={heading ? `${id}-heading` : undefined}
    >
      {heading && (
        <h3 id={`${id}-heading`} className={styles.formHeading}>
          {heading}
        </h3>
      )}
      <TextField
        id={`${id}-name`}
        name="name"
        label="List name"
        autoComplete="off"
        maxLength={LIST_NAME_MAX_LENGTH}
        autoFocus={autoFocus}
        hint={`Up to ${LIST_NAME_MAX_LENGTH} characters. You can keep ${MAX_LISTS_PER_USER} lists.`}
        error={fieldError}
        invalid={notice?.tone === 'error'}
        messageId={noticeId}
        inputRef={input}
      />
      <FormNotice notice={notice} errorId={noticeId} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
