import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  LIST_NAME_MAX_LENGTH,
  LIST_TEXT,
  MAX_LISTS_PER_USER,
  type ReadingList,
} from '../../../contract/reading-lists';
import AdminDialog from '../catalogue-admin/AdminDialog';
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
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const problemId = `${id}-problem`;

  // One list: nothing to choose.
  const selected = chosen ?? (lists?.length === 1 ? lists[0]!.id : null);
  const selectedList = lists?.find((list) => list.id === selected);
  const selectedHas = selectedList?.items.some((item) => item.series_id === series.id) ?? false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!selectedList) {
      setProblem(LIST_TEXT.chooseList);
      return;
    }
    setBusy(true);
    setProblem('');
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
      setProblem(listFailureMessage(failure, selectedHas ? LIST_TEXT.removeFailed : LIST_TEXT.addFailed));
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
    <AdminDialog title={LIST_TEXT.addTitle} onClose={closeListDialog}>
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
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem === LIST_TEXT.chooseList || undefined}
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
                      setProblem('');
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
          <div className={styles.problemSlot} role="alert">
            {problem && (
              <p id={problemId} className={styles.problem}>
                {problem}
              </p>
            )}
          </div>
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
    </AdminDialog>
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
    <AdminDialog title={LIST_TEXT.createTitle} onClose={closeListDialog}>
      <NewListForm submitLabel="Create list" onSubmit={create} autoFocus />
    </AdminDialog>
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
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: FormEvent) {
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
    const outcome = await onSubmit(name);
    // Still mounted only when the dialog stayed open (a failure).
    setBusy(false);
    setProblem(outcome);
    if (outcome) input.current?.focus();
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
      <div className={styles.field}>
        <label htmlFor={`${id}-name`} className={styles.label}>
          List name
        </label>
        <input
          ref={input}
          id={`${id}-name`}
          name="name"
          className={styles.input}
          maxLength={LIST_NAME_MAX_LENGTH}
          autoComplete="off"
          autoFocus={autoFocus}
          aria-required="true"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className={styles.muted}>
          Up to {LIST_NAME_MAX_LENGTH} characters. You can keep {MAX_LISTS_PER_USER} lists.
        </p>
        <div className={styles.problemSlot} role="alert">
          {problem && (
            <p id={`${id}-problem`} className={styles.problem}>
              {problem}
            </p>
          )}
        </div>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
