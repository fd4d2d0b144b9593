import { useEffect } from 'react';
import AddSeriesButton from '../catalogue-admin/AddSeriesButton';
import SeriesAdminActions from '../catalogue-admin/SeriesAdminActions';
import CreateListButton from '../reading-lists/CreateListButton';
import ListToggle from '../reading-lists/ListToggle';
import ReadingListsHost from '../reading-lists/ReadingListsHost';
import { $signedInListTools } from './signed-in-list-tools';

/** Renders nothing: gives the ranked list its signed-in controls (see signed-in-list-tools.ts). */
export default function SignedInListTools() {
  useEffect(() => {
    $signedInListTools.set({
      ListToggle,
      CreateListButton,
      ReadingListsHost,
      AddSeriesButton,
      SeriesAdminActions,
    });
  }, []);
  return null;
}
