import { useState } from 'react';
import { FORUM_IMAGE_ACCEPT, FORUM_TEXT } from '../../../../contract/forum-values';
import FileField from '../../../ui/FileField';
import { showToast } from '../../../ui/toast-store';
import { forumErrorMessage, uploadImage } from '../forum-api';
import { imageUploadProblem } from './image-checks';
import { imageMarkdown } from './mentions';

export interface ImageUploadProps {
  /**
   * The thread images are uploaded for; without one (a thread being created) they are uploaded as the
   * writer's own, and the new thread claims those its text shows.
   */
  threadId?: number | undefined;
  postId?: number | undefined;
  disabled?: boolean;
  /** Puts an uploaded image's markdown at the caret. */
  onInsert: (snippet: string) => void;
  /** Takes that markdown out again (Remove). */
  onRemove: (snippet: string) => void;
}

/**
 * The editor's "Add image": the site's file control, checked against the contract's limits before the
 * upload (a refusal is a toast, as is a failed upload). It shows the image last added by name and size
 * while it uploads and after; Remove takes its markdown out of the text.
 */
export default function ImageUpload({
  threadId,
  postId,
  disabled = false,
  onInsert,
  onRemove,
}: ImageUploadProps) {
  const [uploading, setUploading] = useState(false);
  const [added, setAdded] = useState<{ file: File; snippet: string | null } | null>(null);

  const upload = async (file: File) => {
    const problem = imageUploadProblem(file);
    if (problem) {
      showToast(FORUM_TEXT.uploadBlocked, problem, 'warning');
      return;
    }
    setAdded({ file, snippet: null });
    setUploading(true);
    try {
      const uploaded = await uploadImage(file, { threadId, postId });
      const snippet = imageMarkdown(file.name, uploaded.url);
      onInsert(snippet);
      setAdded({ file, snippet });
    } catch (error) {
      setAdded(null);
      showToast(FORUM_TEXT.uploadFailedTitle, forumErrorMessage(error, FORUM_TEXT.uploadFailed), 'error');
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    if (added?.snippet) onRemove(added.snippet);
    setAdded(null);
  };

  return (
    <FileField
      compact
      label={FORUM_TEXT.addImage}
      chooseText={FORUM_TEXT.addImage}
      replaceText={FORUM_TEXT.addImage}
      accept={FORUM_IMAGE_ACCEPT}
      file={added?.file ?? null}
      status={uploading ? FORUM_TEXT.uploading : undefined}
      disabled={disabled || uploading}
      onChange={(file) => (file ? void upload(file) : remove())}
    />
  );
}
