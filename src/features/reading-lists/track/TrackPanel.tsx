import { useStore } from '@nanostores/react';
import { useId, useRef } from 'react';
import { LIST_TEXT } from '../../../../contract/reading-lists-values';
import { TRACK_TEXT, trackAddedText, trackRemovedText } from '../../../../contract/reading-progress-values';
import { errorStatus } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { FormNotice, useNotice } from '../../../ui/FormNotice';
import { useHydrated } from '../../../ui/use-hydrated';
import { $session } from '../../accounts/session-store';
import { seriesDetailStore } from '../../series/series-detail-query';
import { seriesIdFromPath } from '../../series/series-page';
import { listFailureMessage } from '../list-messages';
import { $myLists } from '../lists-store';
import AddToList from './AddToList';
import { TrackLoadFailed, TrackLoading } from './TrackStates';
import { useTrackFocus } from './use-track-focus';
import TrackEntry, { entryIds } from './TrackEntry';
import {
  $pendingTrack,
  createFirstList,
  pendingChanges,
  sendTrackChange,
  trackingStore,
} from './track-queries';
import { addChoice, shownTracking, type TrackChange, type TrackedSeries } from './track-state';
import styles from './TrackPanel.module.css';

export interface TrackPanelProps {
  /** The series tracked; the fallback page leaves it out and the id comes from the address. */
  seriesId?: number;
  /** The series' status and published chapters as the build knew them, until the live detail comes. */
  series?: TrackedSeries;
}

/**
 * The series page's Track panel for a signed-in reader (visitors get TrackSection's login link and never
 * load this): which of the reader's lists hold the series, each with its status, chapters and score, and
 * "Add to list". Changes show at once and are put back, with the failure announced, when their call fails
 * (track-queries.ts). When a control goes away (a removed entry, a change put back) the focus moves to the
 * next sensible one rather than to the page.
 */
export default function TrackPanel({ seriesId: givenId, series: built }: TrackPanelProps) {
  const hydrated = useHydrated();
  const { user } = useStore($session, { ssr: 'initial' });
  const seriesId = givenId ?? (hydrated ? seriesIdFromPath(window.location.pathname) : null);
  const target = hydrated && user && seriesId !== null ? { seriesId, user } : null;
  const tracking = useQuery(target ? trackingStore(target) : null);
  const lists = useQuery(target ? $myLists : null);
  const live = useQuery(target ? seriesDetailStore(target.seriesId, target.user) : null);
  const pending = useStore($pendingTrack);
  const [notice, show] = useNotice();
  const idPrefix = useId();
  const addId = `${idPrefix}-add`;
  const panel = useRef<HTMLDivElement>(null);

  const entries =
    target && tracking.data ? shownTracking(tracking.data, pendingChanges(pending, target)) : [];
  const choice = lists.data ? addChoice(lists.data, entries) : { kind: 'none' as const };
  // A control gone: "Add to list" if it is there, else the first entry's status, else the panel.
  const focus = useTrackFocus(() => {
    const first = entries[0];
    return (
      document.getElementById(addId) ??
      (first ? document.getElementById(entryIds(idPrefix, first.list_id).status) : null) ??
      panel.current
    );
  });

  if (hydrated && !user) return null;
  if (!target || tracking.data === undefined || lists.data === undefined) {
    const failed = tracking.error !== undefined || lists.error !== undefined;
    // The fallback page's series may not exist: the series island says so, this panel stays out of it.
    if (errorStatus(tracking.error) === 404) return null;
    if (failed) {
      return (
        <TrackLoadFailed
          onRetry={() => {
            tracking.retry();
            lists.retry();
          }}
        />
      );
    }
    return <TrackLoading />;
  }

  const series: TrackedSeries = {
    status: live.data ? live.data.status : (built?.status ?? null),
    chapters: live.data ? live.data.chapters : (built?.chapters ?? null),
  };
  const track = target;

  async function change(made: TrackChange, done?: string) {
    show('');
    const { saved } = await sendTrackChange(track, made);
    if (saved && done) show(done, 'success');
    if (!saved) show(TRACK_TEXT.updateFailed);
  }

  async function create(name: string): Promise<string> {
    show('');
    let created;
    try {
      created = await createFirstList(name);
    } catch (failure) {
      return listFailureMessage(failure, LIST_TEXT.createFailed);
    }
    add(created);
    return '';
  }

  function add(list: { id: number; name: string }) {
    focus.focusOn(entryIds(idPrefix, list.id).status);
    void change({ kind: 'add', listId: list.id, listName: list.name }, trackAddedText(list.name));
  }

  return (
    <div ref={panel} className={styles.panel} tabIndex={-1} onFocus={focus.onFocus}>
      {entries.length === 0 ? (
        <p className={styles.muted}>{TRACK_TEXT.inNoList}</p>
      ) : (
        <ul className={styles.entries} role="list">
          {entries.map((entry) => (
            <TrackEntry
              key={entry.list_id}
              entry={entry}
              series={series}
              idPrefix={idPrefix}
              onChange={(fields) => void change({ kind: 'update', listId: entry.list_id, fields })}
              onMarkCompleted={() => {
                focus.focusOn(entryIds(idPrefix, entry.list_id).status);
                void change({
                  kind: 'update',
                  listId: entry.list_id,
                  fields: { reading_status: 'COMPLETED' },
                });
              }}
              onRemove={() =>
                void change({ kind: 'remove', listId: entry.list_id }, trackRemovedText(entry.list_name))
              }
            />
          ))}
        </ul>
      )}
      <AddToList key={choice.kind} choice={choice} buttonId={addId} onAdd={add} onCreate={create} />
      <FormNotice notice={notice} />
    </div>
  );
}
