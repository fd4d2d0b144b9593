import { atom } from 'nanostores';

export type ToastTone = 'success' | 'warning' | 'error' | 'info';

export interface Toast {
  id: number;
  title: string;
  message?: string | undefined;
  tone: ToastTone;
}

/** The toasts on screen, newest last. Any island may push one; the page's <Toaster> shows them. */
export const $toasts = atom<Toast[]>([]);

const TOAST_MS = 6000;
let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function showToast(title: string, message?: string, tone: ToastTone = 'info'): number {
  const id = nextId++;
  // At most 4 at once: the oldest makes room.
  $toasts.set([...$toasts.get().slice(-3), { id, title, message, tone }]);
  if (typeof window !== 'undefined') window.setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}
