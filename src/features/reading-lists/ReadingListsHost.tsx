import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $listDialog, $listsAnnouncement } from './lists-store';

const ListDialogs = lazy(() => import('./ListDialogs'));

/**
 * Mounted once on a page with series cards: the reading-list modals (their code loads when one first
 * opens) and the live region announcing what they changed.
 */
export default function ReadingListsHost() {
  const dialog = useStore($listDialog);
  const announcement = useStore($listsAnnouncement);
  return (
    <>
      <p className="visually-hidden" role="status">
        {announcement && <span key={announcement.id}>{announcement.text}</span>}
      </p>
      {dialog && (
        <Suspense fallback={null}>
          <ListDialogs />
        </Suspense>
      )}
    </>
  );
}
