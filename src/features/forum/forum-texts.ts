/*
 * Every user-visible forum text of the spec (part2 §2, §5, §8, §9), verbatim, and the limits the site
 * checks before calling the API. Provisional home: the shared ones move to contract/forum.ts when it lands.
 */
export const FORUM_PAGE_SIZE = 20;
export const MAX_THREADS_PER_USER = 10;
export const MAX_SERIES_PER_POST = 10;
export const MAX_REPLY_DEPTH = 6;
export const DELETE_PREVIEW_CHARS = 140;
export const DESCRIPTION_CHARS = 155;
export const STRUCTURED_TEXT_CHARS = 10_000;
export const IMAGE_MAX_BYTES = 307_200;
export const GIF_MAX_BYTES = 1_048_576;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const PINNED_THREAD_TITLE = 'Patch Notes & Site Updates';

export const TEXT = {
  // Thread list
  newThread: '+ New Thread',
  pinned: 'Pinned',
  locked: 'Locked',
  latestFirst: 'Latest updates first',
  reportIssue: 'Report issue',
  originalPost: 'Original post',
  anonymous: 'Anonymous',
  // Thread page buttons
  lock: 'Lock',
  unlock: 'Unlock',
  latestFirstButton: 'Latest first',
  oldestFirstButton: 'Oldest first',
  replyToThisReply: 'Reply to this reply',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  postReply: 'Post Reply',
  replyHeading: 'Reply',
  addUpdateHeading: 'Add Update',
  lockedMessage: 'This thread is locked. Only admins can add new replies.',
  deleteConfirmTitle: 'Delete this post?',
  deleteConfirmBody: "This action can't be undone.",
  // Validation (§5)
  titleAndContentRequired: 'Title and content are required.',
  mentionLimitThread: 'You can mention up to 10 series.',
  referenceLimit: 'You can reference up to 10 series only.',
  replyEmpty: 'Reply cannot be empty.',
  contentEmpty: 'Content cannot be empty.',
  mentionLimitReply: 'You can mention up to 10 series per reply.',
  signInToReply: 'You need to be logged in to post a reply.',
  gifTooLarge: 'GIF too large (max 1 MB).',
  imageTooLarge: 'Image too large (max 300 KB).',
  unsupportedImage: 'Unsupported image type.',
  imageHint: 'PNG/JPEG/WebP at most 300 KB and 1024×1024; GIF at most 1 MB and 512×512.',
  // Errors (§8)
  genericError: 'An error occurred.',
  threadsTooFast: "You're creating threads too fast",
  postsTooFast: "You're posting too fast",
  lockedByAdmin: 'This thread is locked by an admin.',
  threadProfanity: 'Thread contains inappropriate language.',
  replyProfanity: 'Reply contains inappropriate language.',
  editProfanity: 'Contains inappropriate language.',
  threadLimit: "You've reached the limit of 10 threads.",
  createFailed: 'Failed to create thread.',
  saveFailed: 'Failed to save changes.',
  deleteThreadFailed: 'Failed to delete thread.',
  deletePostFailed: 'Failed to delete post.',
  lockFailed: 'Failed to toggle lock.',
  orderingFailed: 'Failed to update ordering.',
  likeFailed: 'Could not update like.',
  postFailed: 'Failed to post reply.',
  editorSaveFailed: 'Failed to save.',
  uploadFailed: 'Upload failed.',
  updateThreadFailed: 'Failed to update thread',
  // Toast titles (§8)
  toastCantPost: 'Can’t post',
  toastSignIn: 'Sign in required',
  toastThreadLimit: 'Thread limit reached',
  toastLimit: 'Limit reached',
  toastMentionsCap: 'Mentions cap',
  toastMissingInfo: 'Missing info',
  toastCreateFailed: 'Create failed',
  toastSaveFailed: 'Save failed',
  toastDeleteFailed: 'Delete failed',
  toastActionFailed: 'Action failed',
  toastPostFailed: 'Post failed',
  toastUploadBlocked: 'Upload blocked',
  toastUploadFailed: 'Upload failed',
  toastThreadCreated: 'Thread created',
  toastThreadUpdated: 'Thread updated',
  toastThreadDeleted: 'Thread deleted',
  // List picker (§2)
  loading: 'Loading',
  noListsYet: 'No lists yet.',
  privateBadge: 'Private',
  privateListTooltip: 'Open My Reading Lists and click Share to create a public link.',
  privateListAlert: 'This list is private. Open My Reading Lists → Share to create a public link.',
} as const;
