import { pgEnum } from 'drizzle-orm/pg-core';
import { ISSUE_STATUSES, ISSUE_TYPES, type IssueStatus, type IssueType } from '../../../contract/issues';

export const SERIES_TYPES = ['MANHWA', 'MANGA', 'MANHUA'] as const;
export const SERIES_STATUSES = ['ONGOING', 'COMPLETE', 'HIATUS', 'UNKNOWN', 'SEASON_END'] as const;
export const USER_ROLES = ['USER', 'ADMIN'] as const;
/** Vote categories as stored; their display labels live in the voting feature. */
export const VOTE_CATEGORIES = ['STORY', 'CHARACTERS', 'WORLD_BUILDING', 'ART', 'DRAMA_OR_FIGHT'] as const;

export type SeriesType = (typeof SERIES_TYPES)[number];
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export type UserRole = (typeof USER_ROLES)[number];
export type VoteCategory = (typeof VOTE_CATEGORIES)[number];

export const seriesTypeEnum = pgEnum('series_type', SERIES_TYPES);
export const seriesStatusEnum = pgEnum('series_status', SERIES_STATUSES);
export const userRoleEnum = pgEnum('user_role', USER_ROLES);
// Built from the contract's lists, so the database and the contract cannot drift apart.
export { ISSUE_STATUSES, ISSUE_TYPES, type IssueStatus, type IssueType };
export const issueTypeEnum = pgEnum('issue_type', ISSUE_TYPES);
export const issueStatusEnum = pgEnum('issue_status', ISSUE_STATUSES);
export const voteCategoryEnum = pgEnum('vote_category', VOTE_CATEGORIES);
