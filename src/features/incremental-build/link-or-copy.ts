import { copyFile, link } from 'node:fs/promises';

/** Links `source` at `target`, or copies it when the two are on different file systems. */
export async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(source, target);
  }
}
