/** Texts of the admin screens. */
export const INVALID_IMAGE_MESSAGE = 'Invalid image file.';
export const COVER_RATIO_MESSAGE = 'Please upload an image with a 2:3 portrait ratio (e.g. 200x300).';
export const ADD_SERIES_FAILED = 'Error adding series.';
export const UPDATE_SERIES_FAILED = 'Failed to update series.';
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this series?';
/** The API answered the delete with an error. */
export const DELETE_REFUSED = 'Delete failed';
/** The delete never got an answer (offline, server unreachable). */
export const DELETE_UNSENT = 'Failed to delete.';
export const DETAIL_FIELDS_REQUIRED = 'All fields required';
export const DETAIL_COVER_TOO_LARGE = 'Cover image must be less than 800KB';
export const DETAIL_COVER_HINT = 'Recommended size: 900x600px.';
export const DETAIL_SAVED = 'Series detail saved!';
export const DETAIL_SAVE_FAILED = 'Failed to save detail.';
/** While the Edit Series modal reads the series as it is now. */
export const SERIES_LOADING = 'Loading the series…';
