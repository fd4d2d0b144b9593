import { pgEnum } from 'drizzle-orm/pg-core';
import {
  SERIES_STATUSES,
  SERIES_TYPES,
  VOTE_CATEGORY_NAMES,
  type SeriesStatus,
  type SeriesType,
  type VoteCategory,
} from '../../../contract/catalogue';
import { USER_ROLES, type UserRole } from '../../../contract/accounts';
import { EMAIL_DIGEST_CHOICES } from '../../../contract/digest-values';
import { ISSUE_STATUSES, ISSUE_TYPES, type IssueStatus, type IssueType } from '../../../contract/issues';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contract/notifications-values';

// The database enums are built from the contract's lists, so the two cannot drift apart.
export {
  ISSUE_STATUSES,
  ISSUE_TYPES,
  NOTIFICATION_KINDS,
  SERIES_STATUSES,
  SERIES_TYPES,
  USER_ROLES,
  type IssueStatus,
  type IssueType,
  type NotificationKind,
  type SeriesStatus,
  type SeriesType,
  type UserRole,
  type VoteCategory,
};
export const VOTE_CATEGORIES = VOTE_CATEGORY_NAMES;

export const seriesTypeEnum = pgEnum('series_type', SERIES_TYPES);
export const seriesStatusEnum = pgEnum('series_status', SERIES_STATUSES);
export const userRoleEnum = pgEnum('user_role', USER_ROLES);
export const issueTypeEnum = pgEnum('issue_type', ISSUE_TYPES);
export const issueStatusEnum = pgEnum('issue_status', ISSUE_STATUSES);
export const voteCategoryEnum = pgEnum('vote_category', VOTE_CATEGORIES);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const emailDigestEnum = pgEnum('email_digest', EMAIL_DIGEST_CHOICES);
