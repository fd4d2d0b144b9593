import { isAdmin, type AuthUser } from '../plugins/auth';
import type { ReviewOwner } from './repository';

/* Who may do what with a review: one function per rule. */

type Caller = Pick<AuthUser, 'id' | 'role'>;

/** Only the author edits a review. */
export function mayEdit(review: ReviewOwner, caller: Caller): boolean {
  return review.userId === caller.id;
}

/** The author deletes their review; an admin deletes any. */
export function mayDelete(review: ReviewOwner, caller: Caller): boolean {
  return review.userId === caller.id || isAdmin(caller);
}

/** Anyone signed in but the author marks a review helpful. */
export function mayMarkHelpful(review: ReviewOwner, caller: Caller): boolean {
  return review.userId !== caller.id;
}
