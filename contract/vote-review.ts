import { z } from 'zod';
import { bodyId, optionalBodyId, requiredText } from './http';
import { VOTE_REVIEW_TEXTS, VOTE_VOID_MAX_USERS, VOTE_VOID_REASON_MAX_LENGTH } from './vote-review-values';

/*
 * The review of unusual voting (admins only): the calls' bodies and answers, with the values they use
 * (./vote-review-values.ts, re-exported here so the API imports one module).
 */

export * from './vote-review-values';

/** A new account that voted on a listed series within the window. */
export const voteAnomalyAccountSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  created_at: z.string().describe('When the account was created (ISO 8601)'),
  window_votes: z.number().int().describe("The account's votes on the series within the window"),
  posts: z.number().int().describe('Forum posts the account has written'),
  list_items: z.number().int().describe("Series in the account's reading lists"),
});
export type VoteAnomalyAccount = z.infer<typeof voteAnomalyAccountSchema>;

/** A series with unusual voting. */
export const voteAnomalySchema = z.object({
  series_id: z.number().int(),
  title: z.string(),
  window_votes: z.number().int().describe('Votes on the series within the window, by any account'),
  new_account_voters: z.number().int().describe('Distinct new accounts that voted on it within the window'),
  accounts: z
    .array(voteAnomalyAccountSchema)
    .describe('Those accounts, the most votes in the window first (at most 1,000)'),
});
export type VoteAnomaly = z.infer<typeof voteAnomalySchema>;

export const voteAnomaliesSchema = z.array(voteAnomalySchema);

/** POST /admin/vote-voids. */
export const voteVoidBodySchema = z.object({
  user_ids: z
    .array(bodyId, { error: VOTE_REVIEW_TEXTS.chooseAccounts })
    .min(1, VOTE_REVIEW_TEXTS.chooseAccounts)
    .max(VOTE_VOID_MAX_USERS, VOTE_REVIEW_TEXTS.tooManyAccounts)
    .describe('The accounts whose votes go'),
  series_id: optionalBodyId.describe('Only their votes on this series; absent or null: on every series'),
  reason: requiredText(VOTE_REVIEW_TEXTS.reasonRequired)
    .max(VOTE_VOID_REASON_MAX_LENGTH, VOTE_REVIEW_TEXTS.reasonTooLong)
    .describe(`Why, 1-${VOTE_VOID_REASON_MAX_LENGTH} characters (kept in the log)`),
});
export type VoteVoidBody = z.infer<typeof voteVoidBodySchema>;

export const voteVoidResultSchema = z.object({
  voided_votes: z.number().int().describe('Votes removed'),
  series_ids: z.array(z.number().int()).describe('The series whose votes changed, ascending'),
});
export type VoteVoidResult = z.infer<typeof voteVoidResultSchema>;

/** One entry of the "Voided votes" log. */
export const voteVoidSchema = z.object({
  id: z.number().int(),
  admin_username: z.string().describe('The admin who voided, as named then'),
  user_ids: z.array(z.number().int()),
  series_id: z.number().int().nullable().describe('null: their votes on every series'),
  reason: z.string(),
  voided_votes: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
  series_title: z
    .string()
    .nullable()
    .describe("The series' title; null for every series or a deleted series (additive)"),
  usernames: z.array(z.string()).describe("The accounts' usernames, for those that still exist (additive)"),
});
export type VoteVoid = z.infer<typeof voteVoidSchema>;

export const voteVoidPageSchema = z.object({
  items: z.array(voteVoidSchema).describe('Newest first'),
  has_more: z.boolean(),
});
export type VoteVoidPage = z.infer<typeof voteVoidPageSchema>;

export const voteVoidsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
