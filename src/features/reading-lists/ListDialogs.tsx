import { useStore } from '@nanostores/react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import Dialog from '../../ui/Dialog';
import { createReadingList } from './lists-api';
import { listFailureMessage } from './list-messages';
import { $listDialog, announceListChange, closeListDialog, replaceList } from './lists-store';
import AddToListDialog from './AddToListDialog';
import NewListForm from './NewListForm';

/**
 * The "Add to Reading List" (a card's quick controls) and "Create a Reading List" modals, opened through
 * the lists store from any series card or a "+ Create Reading List" button. Loaded only when one opens.
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
