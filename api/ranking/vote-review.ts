import { sql } from 'drizzle-orm';
import {
  NEW_ACCOUNT_DAYS,
  VOTE_ANOMALY_MAX_ACCOUNTS,
  VOTE_ANOMALY_WINDOW_HOURS,
  VOTE_VOIDS_PAGE_SIZE,
  type VoteAnomaly,
  type VoteVoid,
  type VoteVoidPage,
} from '../../contract/vote-review';
import type { Database } from '../db/client';
import { isPossibleSerialId } from '../../contract/http';
import { queryRows } from '../db/query-rows';
import { intArray } from '../db/int-array';

/*
 * The review of unusual voting's SQL: which series many new accounts voted on lately, voiding votes, and
 * the log of voids. Deleting votes goes through the votes and series_voters delete triggers (migrations
 * 0006, 0010, 0017), which take the votes out of the totals, distributions and voter counts in the deleting
 * transaction (the scores follow: they are computed from the totals when read).
 */

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

interface AnomalyRow {
  series_id: number;
  title: string;
  window_votes: number;
  new_account_voters: number;
  user_id: number;
  username: string;
  created_at: Date | string;
  account_votes: number;
  posts: number;
  list_items: number;
}

/**
 * Series on which at least `minVoters` accounts created within the last NEW_ACCOUNT_DAYS days voted within
 * the last VOTE_ANOMALY_WINDOW_HOURS hours, the most such accounts first, each with those accounts (the
 * most votes in the window first, at most VOTE_ANOMALY_MAX_ACCOUNTS). The window's votes are found by the
 * votes' created_at index.
 */
export async function findVoteAnomalies(
  db: Pick<Database, 'execute'>,
  minVoters: number,
): Promise<VoteAnomaly[]> {
  const rows = await queryRows<AnomalyRow>(
    db,
    sql`with recent as (
      select series_id, user_id, count(*)::int as votes
      from votes
      where created_at >= now() - make_interval(hours => ${VOTE_ANOMALY_WINDOW_HOURS})
      group by series_id, user_id
    ), fresh as (
      select recent.series_id, recent.user_id, recent.votes, users.username, users.created_at
      from recent join users on users.id = recent.user_id
      where users.created_at >= now() - make_interval(days => ${NEW_ACCOUNT_DAYS})
    ), flagged as (
      select series_id, count(*)::int as new_account_voters
      from fresh group by series_id
      having count(*) >= ${minVoters}
    ), listed as (
      select fresh.*, row_number() over (
        partition by fresh.series_id order by fresh.votes desc, fresh.user_id
      ) as place
      from fresh join flagged using (series_id)
    )
    select flagged.series_id, series.title, flagged.new_account_voters,
      (select sum(votes) from recent where recent.series_id = flagged.series_id)::int as window_votes,
      listed.user_id, listed.username, listed.created_at, listed.votes as account_votes,
      (select count(*) from forum_posts where forum_posts.author_id = listed.user_id)::int as posts,
      (select count(*) from reading_list_items
        join reading_lists on reading_lists.id = reading_list_items.list_id
        where reading_lists.user_id = listed.user_id)::int as list_items
    from flagged
    join series on series.id = flagged.series_id
    join listed on listed.series_id = flagged.series_id and listed.place <= ${VOTE_ANOMALY_MAX_ACCOUNTS}
    order by flagged.new_account_voters desc, flagged.series_id, listed.place`,
  );
  const anomalies: VoteAnomaly[] = [];
  for (const row of rows) {
    let anomaly = anomalies.at(-1);
    if (anomaly?.series_id !== row.series_id) {
      anomaly = {
        series_id: row.series_id,
        title: row.title,
        window_votes: row.window_votes,
        new_account_voters: row.new_account_voters,
        accounts: [],
      };
      anomalies.push(anomaly);
    }
    anomaly.accounts.push({
      user_id: row.user_id,
      username: row.username,
      created_at: toIso(row.created_at),
      window_votes: row.account_votes,
      posts: row.posts,
      list_items: row.list_items,
    });
  }
  return anomalies;
}

export interface VoidInput {
  adminId: number;
  adminUsername: string;
  userIds: readonly number[];
  /** Only their votes on this series; undefined: on every series. */
  seriesId: number | undefined;
  /** 1-500 characters, checked by the route. */
  reason: string;
}

export type VoidOutcome =
  | { outcome: 'voided'; voidId: number; voidedVotes: number; seriesIds: number[] }
  /** Ids that name nothing: nothing was voided. */
  | { outcome: 'unknown'; userIds: number[]; seriesId: number | undefined };

/**
 * Removes the accounts' votes on the series (or on every series), in one transaction with everything that
 * follows from it: the delete triggers take the votes out of the totals, distributions and voter counts
 * (and so out of the scores computed from them); the accounts are barred from voting again on every series
 * whose votes went (on the series named, even where they had none); and the log records who voided what,
 * when and why. Unknown ids void nothing.
 *
 * Locks are taken as votes take them, in one order: the series rows (FOR KEY SHARE, so none is deleted
 * under the bans), then their detail rows in id order (the triggers' updates then find them held), then the
 * votes. Two voids therefore never wait for each other in opposite orders, and a vote on a touched series
 * waits for the void to commit.
 */
export async function voidVotes(db: Database, input: VoidInput): Promise<VoidOutcome> {
  const requested = [...new Set(input.userIds)].sort((a, b) => a - b);
  const possible = requested.filter(isPossibleSerialId);
  const { seriesId } = input;
  return db.transaction(async (tx) => {
    const known = new Set(
      (
        await queryRows<{ id: number }>(
          tx,
          sql`select id from users where id = any(${intArray(possible)}::int[])`,
        )
      ).map((row) => row.id),
    );
    const unknownUsers = requested.filter((id) => !known.has(id));
    const seriesFound =
      seriesId === undefined ||
      (isPossibleSerialId(seriesId) &&
        (await queryRows(tx, sql`select id from series where id = ${seriesId} for key share`)).length > 0);
    if (unknownUsers.length > 0 || !seriesFound) {
      return { outcome: 'unknown', userIds: unknownUsers, seriesId: seriesFound ? undefined : seriesId };
    }

    const users = intArray(requested);
    const inScope = seriesId === undefined ? sql`true` : sql`series_id = ${seriesId}`;
    await queryRows(
      tx,
      sql`select id from series
        where id in (select series_id from votes where user_id = any(${users}::int[]) and ${inScope})
        order by id for key share`,
    );
    await queryRows(
      tx,
      sql`select series_id from series_details
        where series_id in (select series_id from votes where user_id = any(${users}::int[]) and ${inScope})
        order by series_id for no key update`,
    );
    const [logged] = await queryRows<{ id: number }>(
      tx,
      sql`insert into vote_voids (admin_id, admin_username, user_ids, series_id, reason, voided_votes)
        values (${input.adminId}, ${input.adminUsername}, ${users}::int[], ${seriesId ?? null}, ${input.reason}, 0)
        returning id`,
    );
    const voidId = logged!.id;
    const removed = await queryRows<{ series_id: number; user_id: number; votes: number }>(
      tx,
      sql`with removed as (
        delete from votes where user_id = any(${users}::int[]) and ${inScope} returning series_id, user_id
      )
      select series_id, user_id, count(*)::int as votes from removed group by series_id, user_id`,
    );
    // Every vote of these accounts in scope is gone: so are they as voters there.
    const voters = await queryRows<{ series_id: number }>(
      tx,
      sql`delete from series_voters where user_id = any(${users}::int[]) and ${inScope} returning series_id`,
    );
    const barred =
      seriesId === undefined
        ? removed
        : requested.map((userId) => ({ series_id: seriesId, user_id: userId }));
    if (barred.length > 0) {
      await tx.execute(
        sql`insert into vote_bans (series_id, user_id, void_id)
          select series_id, user_id, ${voidId}::int
          from unnest(${intArray(barred.map((pair) => pair.series_id))}::int[],
            ${intArray(barred.map((pair) => pair.user_id))}::int[]) as barred(series_id, user_id)
          on conflict (series_id, user_id) do nothing`,
      );
    }
    const voidedVotes = removed.reduce((sum, row) => sum + row.votes, 0);
    await tx.execute(sql`update vote_voids set voided_votes = ${voidedVotes} where id = ${voidId}`);
    const seriesIds = [
      ...new Set([...removed.map((row) => row.series_id), ...voters.map((row) => row.series_id)]),
    ].sort((a, b) => a - b);
    return { outcome: 'voided', voidId, voidedVotes, seriesIds };
  });
}

interface VoidRow {
  id: number;
  admin_username: string;
  user_ids: number[];
  series_id: number | null;
  reason: string;
  voided_votes: number;
  created_at: Date | string;
  series_title: string | null;
  usernames: string[] | null;
}

/** A page of the "Voided votes" log, newest first. */
export async function listVoteVoids(db: Pick<Database, 'execute'>, page: number): Promise<VoteVoidPage> {
  const rows = await queryRows<VoidRow>(
    db,
    sql`select vote_voids.id, vote_voids.admin_username, vote_voids.user_ids, vote_voids.series_id,
        vote_voids.reason, vote_voids.voided_votes, vote_voids.created_at, series.title as series_title,
        (select array_agg(users.username order by users.id) from users
          where users.id = any(vote_voids.user_ids)) as usernames
      from vote_voids left join series on series.id = vote_voids.series_id
      order by vote_voids.created_at desc, vote_voids.id desc
      limit ${VOTE_VOIDS_PAGE_SIZE + 1} offset ${(page - 1) * VOTE_VOIDS_PAGE_SIZE}`,
  );
  const items: VoteVoid[] = rows.slice(0, VOTE_VOIDS_PAGE_SIZE).map((row) => ({
    id: row.id,
    admin_username: row.admin_username,
    user_ids: row.user_ids.map(Number),
    series_id: row.series_id,
    reason: row.reason,
    voided_votes: row.voided_votes,
    created_at: toIso(row.created_at),
    series_title: row.series_title,
    usernames: row.usernames ?? [],
  }));
  return { items, has_more: rows.length > VOTE_VOIDS_PAGE_SIZE };
}
