import { useStore } from '@nanostores/react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import { $isSignedIn } from '../accounts/session-flags';
import { $canCreateList, $myLists, openCreateList } from './lists-store';
import styles from './CreateListButton.module.css';

export interface CreateListButtonProps {
  /** With 2 lists, link to them instead (the home page); false shows nothing then (/my-lists itself). */
  linkWhenFull?: boolean;
}

/**
 * "+ Create Reading List" (signed-in users with fewer than 2 lists), on the home page and /my-lists. Its
 * row is kept for signed-in visitors from the first paint, so nothing moves when the lists arrive; with 2
 * lists it links to them instead, or goes.
 */
export default function CreateListButton({ linkWhenFull = true }: CreateListButtonProps) {
  const signedIn = useStore($isSignedIn, { ssr: 'initial' });
  const canCreate = useStore($canCreateList, { ssr: 'initial' });
  const { data: lists } = useStore($myLists, { ssr: 'initial' });
  if (!linkWhenFull && lists && !canCreate) return null;
  return (
    <div className={styles.row}>
      {signedIn && canCreate && (
        <button
          type="button"
          className="button button-primary"
          aria-haspopup="dialog"
          onClick={openCreateList}
        >
          {LIST_TEXT.createButton}
        </button>
      )}
      {signedIn && lists && !canCreate && (
        <a className="button" href="/my-lists">
          Your reading lists
        </a>
      )}
    </div>
  );
}
