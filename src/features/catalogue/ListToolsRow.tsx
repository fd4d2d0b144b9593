import { useStore } from '@nanostores/react';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import type { RankedSeries, TypeFilter } from './catalogue-types';
import { $signedInListTools, type SignedInListTools } from './signed-in-list-tools';
import styles from './RankingList.module.css';

/**
 * The reading-list and admin controls, from the SignedInListTools island (signed-in visitors only). That
 * island hydrates at once for them, so it has often handed them over before the list hydrates: the
 * hydrating render still shows the built markup (no tools), and the tools follow right after.
 */
export function useListTools(): { tools: SignedInListTools | null; admin: SignedInListTools | null } {
  const tools = useStore($signedInListTools, { ssr: 'initial' });
  // useIsAdmin's test, inline: that hook's module would be one more file on every reader's page.
  const session = useStore($session, { ssr: 'initial' });
  return { tools, admin: isAdmin(session.user) ? tools : null };
}

export interface ListToolsRowProps {
  type: TypeFilter;
  /** The signed-in tools, once handed over. */
  tools: SignedInListTools | null;
  /** The admin controls (admins only). */
  admin: SignedInListTools | null;
  /** A series added from this list, which belongs in it (its type, or any on the home page). */
  onAdded: (series: RankedSeries) => void;
}

/**
 * Above the cards: "Create Reading List" on the home page (its row kept for visitors, so nothing moves),
 * the reading lists' dialogs, and an admin's "Add series".
 */
export default function ListToolsRow({ type, tools, admin, onAdded }: ListToolsRowProps) {
  return (
    <>
      {type === 'ALL' && (tools ? <tools.CreateListButton /> : <div className={styles.listRowPlaceholder} />)}
      {tools && <tools.ReadingListsHost />}

      {admin && (
        <admin.AddSeriesButton
          onAdded={(added) => {
            if (type === 'ALL' || added.type === type) onAdded(added);
          }}
        />
      )}
    </>
  );
}
