import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from './toast-store';
import styles from './Toaster.module.css';

/**
 * Shows the toasts of `toast-store` in a corner. Errors and warnings are announced assertively, the rest
 * politely; both regions stay in the page so screen readers pick up every new toast.
 *
 * A modal dialog makes the page behind it inert and covers it, so a dialog that raises toasts renders its
 * own Toaster (`inDialog`) and the page's one steps aside while a dialog is open.
 */
export default function Toaster({ inDialog = false }: { inDialog?: boolean }) {
  const toasts = useStore($toasts);
  const urgent = toasts.filter((toast) => toast.tone === 'error' || toast.tone === 'warning');
  const calm = toasts.filter((toast) => toast.tone !== 'error' && toast.tone !== 'warning');
  const render = (list: typeof toasts) =>
    list.map((toast) => (
      <div key={toast.id} className={`${styles.toast} ${styles[toast.tone]}`} data-toast={toast.tone}>
        <div className={styles.text}>
          <strong className={styles.title}>{toast.title}</strong>
          {toast.message && <span className={styles.message}>{toast.message}</span>}
        </div>
        <button type="button" className={styles.close} onClick={() => dismissToast(toast.id)}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Dismiss</span>
        </button>
      </div>
    ));
  return (
    <div className={`${styles.region} ${inDialog ? '' : styles.pageRegion}`}>
      <div role="alert" className={styles.stack}>
        {render(urgent)}
      </div>
      <div role="status" className={styles.stack}>
        {render(calm)}
      </div>
    </div>
  );
}
