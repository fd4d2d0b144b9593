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

// The database enums are built from the contract's lists, so the two cannot drift apart.
export {
  SERIES_STATUSES,
  SERIES_TYPES,
  USER_ROLES,
  type SeriesStatus,
  type SeriesType,
  type UserRole,
  type VoteCategory,
};
export const VOTE_CATEGORIES = VOTE_CATEGORY_NAMES;
export const ISSUE_TYPES = ['BUG', 'FEATURE', 'CONTENT', 'OTHER'] as const;
export const ISSUE_STATUSES = ['OPEN', 'IN_PROGRESS', 'FIXED', 'WONT_FIX'] as const;

export type IssueType = (typeof ISSUE_TYPES)[number];
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const seriesTypeEnum = pgEnum('series_type', SERIES_TYPES);
export const seriesStatusEnum = pgEnum('series_status', SERIES_STATUSES);
export const userRoleEnum = pgEnum('user_role', USER_ROLES);
export const issueTypeEnum = pgEnum('issue_type', ISSUE_TYPES);
export const issueStatusEnum = pgEnum('issue_status', ISSUE_STATUSES);
export const voteCategoryEnum = pgEnum('vote_category', VOTE_CATEGORIES);
