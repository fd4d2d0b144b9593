import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { LIST_TEXT, MAX_LISTS_PER_USER } from '../../../contract/reading-lists-values';
import {
  DEFAULT_READING_STATUS,
  READING_STATUS_LABELS,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import type { ReadingList } from '../../../contract/reading-lists';
import Dialog from '../../ui/Dialog';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import { useQuery } from '../../lib/use-query';
import { $session } from '../accounts/session-store';
import { createReadingList } from './lists-api';
import { listFailureMessage } from './list-messages';
import { trackedIn } from './list-state';
import { $pendingTrack, pendingChanges, sendTrackChange, trackingStore } from './track/track-queries';
import { shownTracking } from './track/track-state';
import { $myLists, announceListChange, closeListDialog, replaceList } from './lists-store';
import ListChoices, { StatusSelect } from './ListChoices';
import NewListForm from './NewListForm';
import styles from './ListDialogs.module.css';

/**
 * A series card's quick controls ("Add to Reading List"): which list (adding to it or removing from it),
 * and the reading status, saved at once for a list holding the series (put back if the API refuses) or
 * given to the series as it is added. With room for a list, one can be created and the series added.
 */
export default function AddToListDialog({ series }: { series: { id: number; title: string } }) {
  const { data: lists, error, loading } = useStore($myLists);
  const user = useStore($session).user;
  // The same tracking the series page's Track panel shows, changes on their way laid over it.
  const target = user ? { seriesId: series.id, user } : null;
  const trackingRead = useQuery(target ? trackingStore(target) : null);
  const pending = useStore($pendingTrack);
  const tracking =
    target && trackingRead.data
      ? shownTracking(trackingRead.data, pendingChanges(pending, target))
      : undefined;
  const [chosen, setChosen] = useState<number | null>(null);
  const [draft, setDraft] = useState<ReadingStatus>(DEFAULT_READING_STATUS);
  const [notice, show] = useNotice();
  const [busy, setBusy] = useState(false);
  const noticeId = `${useId()}-notice`;

  const holding = lists?.filter((list) => list.items.some((item) => item.series_id === series.id)) ?? [];
  // One list, or one list holding the series: nothing to choose.
  const selected =
    chosen ?? (lists?.length === 1 ? lists[0]!.id : holding.length === 1 ? holding[0]!.id : null);
  const selectedList = lists?.find((list) => list.id === selected);
  const selectedHas = selectedList !== undefined && holding.includes(selectedList);
  const entry = selectedList && trackedIn(tracking, selectedList.id);

  async function changeStatus(status: ReadingStatus) {
    if (!selectedHas) return setDraft(status);
    if (!entry || !target) return;
    show('');
    const change = { kind: 'update', listId: entry.list_id, fields: { reading_status: status } } as const;
    if ((await sendTrackChange(target, change)).saved) {
      show(`“${series.title}”: ${READING_STATUS_LABELS[status]}.`, 'success');
      announceListChange(`“${series.title}”: ${READING_STATUS_LABELS[status]}.`);
    } else show(LIST_TEXT.cardUpdateFailed);
  }

  /** Adds to `list` with the chosen status; answers the problem to show, or '' when done. */
  async function add(
    list: ReadingList,
    done = `Added “${series.title}” to “${list.name}”.`,
  ): Promise<string> {
    if (!target) return LIST_TEXT.addFailed;
    // Sent one after the other: the series is added as Plan to Read, then given the chosen status.
    const added = sendTrackChange(target, { kind: 'add', listId: list.id, listName: list.name });
    const statusSet =
      draft === DEFAULT_READING_STATUS
        ? undefined
        : sendTrackChange(target, { kind: 'update', listId: list.id, fields: { reading_status: draft } });
    const addOutcome = await added;
    if (!addOutcome.saved) return listFailureMessage(addOutcome.error, LIST_TEXT.addFailed);
    if (statusSet && !(await statusSet).saved) return LIST_TEXT.cardUpdateFailed;
    announceListChange(done);
    closeListDialog();
    return '';
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!selectedList) return show(LIST_TEXT.chooseList);
    setBusy(true);
    show('');
    if (selectedHas && target) {
      const removed = await sendTrackChange(target, { kind: 'remove', listId: selectedList.id });
      if (removed.saved) {
        announceListChange(`Removed “${series.title}” from “${selectedList.name}”.`);
        closeListDialog();
        return;
      }
      show(listFailureMessage(removed.error, LIST_TEXT.removeFailed));
    } else show(await add(selectedList));
    setBusy(false);
  }

  async function createAndAdd(name: string): Promise<string> {
    let created: ReadingList;
    try {
      created = await createReadingList(name);
    } catch (failure) {
      return listFailureMessage(failure, LIST_TEXT.createFailed);
    }
    replaceList(created);
    setChosen(created.id);
    const problem = await add(created, `Created “${created.name}” and added “${series.title}”.`);
    return problem === LIST_TEXT.addFailed ? LIST_TEXT.addToListFailed : problem;
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
          <ListChoices
            lists={lists}
            seriesId={series.id}
            tracking={tracking}
            selected={selected}
            onSelect={(id) => {
              setChosen(id);
              show('');
            }}
            describedBy={notice ? noticeId : undefined}
            invalid={notice?.text === LIST_TEXT.chooseList}
          />
          <StatusSelect value={selectedHas ? entry?.reading_status : draft} onChange={changeStatus} />
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
