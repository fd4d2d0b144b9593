import { useEffect } from 'react';
import AddSeriesButton from './AddSeriesButton';
import { $listAdminTools } from './list-admin-tools';
import SeriesAdminActions from './SeriesAdminActions';

/**
 * Renders nothing: gives the ranked list its admin controls (see list-admin-tools.ts). Hydrated with
 * `client:interaction={{ now: '[data-signed-in]' }}`, so only for signed-in visitors; the list shows the
 * controls to admins only.
 */
export default function ListAdminTools() {
  useEffect(() => {
    $listAdminTools.set({ AddSeriesButton, SeriesAdminActions });
  }, []);
  return null;
}
