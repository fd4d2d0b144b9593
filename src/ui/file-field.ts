/*
 * What the file control (FileField.tsx in islands, FileField.astro in static forms) says about the chosen
 * file, and the script that runs the static one.
 */

export const FILE_FIELD_TEXT = {
  choose: 'Choose file',
  replace: 'Replace',
  remove: 'Remove',
  none: 'No file chosen',
} as const;

const KB = 1024;
const MB = 1024 * KB;

/** A size as people read it, in the units the upload limits use (1 KB = 1024 bytes): "820 bytes", "12 KB", "1.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const [value, unit] = bytes < MB ? [bytes / KB, 'KB'] : [bytes / MB, 'MB'];
  // One decimal below 10 (1.4 MB), none above (240 KB); never "1024 KB".
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  if (unit === 'KB' && rounded >= 1024) return '1 MB';
  return `${rounded} ${unit}`;
}

/**
 * Runs a static FileField (rendered by FileField.astro): shows the chosen file's name and size, its
 * Remove button clears it, and a form reset or a page restored from history shows what the input holds.
 * Until this runs (or without JavaScript) the browser's own input is shown instead.
 */
export function startFileField(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
  const name = root.querySelector<HTMLElement>('[data-file-name]')!;
  const size = root.querySelector<HTMLElement>('[data-file-size]')!;
  const pick = root.querySelector<HTMLElement>('[data-file-pick]')!;
  const remove = root.querySelector<HTMLButtonElement>('[data-file-remove]')!;

  function show() {
    const file = input.files?.[0];
    name.textContent = file ? file.name : FILE_FIELD_TEXT.none;
    size.textContent = file ? formatFileSize(file.size) : '';
    size.hidden = !file;
    pick.textContent = file ? FILE_FIELD_TEXT.replace : FILE_FIELD_TEXT.choose;
    if (file) remove.setAttribute('aria-label', `${FILE_FIELD_TEXT.remove} ${file.name}`);
    else remove.removeAttribute('aria-label');
    remove.hidden = !file;
    root.toggleAttribute('data-chosen', Boolean(file));
  }

  input.addEventListener('change', show);
  remove.addEventListener('click', () => {
    input.value = '';
    // Others listening (a preview) learn that the file went, as they would from the picker.
    input.dispatchEvent(new Event('change', { bubbles: true }));
    input.focus();
  });
  // The reset event comes before the form is reset.
  input.form?.addEventListener('reset', () => window.setTimeout(show));
  window.addEventListener('pageshow', show);
  root.setAttribute('data-enhanced', '');
  show();
}
