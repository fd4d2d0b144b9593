import { useStore } from '@nanostores/react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import { $isSignedIn } from '../accounts/session-flags';
import { $canCreateList, $myLists, openCreateList } from './lists-store';
import styles from './CreateListButton.module.css';

/**
 * The home page's "+ Create Reading List" (signed-in users with fewer than 2 lists). Its row is kept for
 * signed-in visitors from the first paint, so nothing moves when the lists arrive; with 2 lists it links to
 * them instead.
 */
export default function CreateListButton() {
  const signedIn = useStore($isSignedIn, { ssr: 'initial' });
  const canCreate = useStore($canCreateList, { ssr: 'initial' });
  const { data: lists } = useStore($myLists, { ssr: 'initial' });
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
