import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { ClientType, OAuthScope } from '../../contract/apps-values';
import type { Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import {
  oauthClients,
  oauthCodes,
  oauthTokens,
  personalTokens,
  users,
  type OAuthClientRow,
} from '../db/schema';

/*
 * Every query of apps. Secrets arrive here hashed (tokens.ts); a reader's rows are always named with the
 * reader, so another reader's app or token is simply not found.
 */

/* Clients. */

export function clientsOf(db: Database, ownerId: number): Promise<OAuthClientRow[]> {
  return db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.ownerId, ownerId))
    .orderBy(asc(oauthClients.id));
}

/**
 * Runs `write` unless the user already has `max` of what `countRows` counts: with the user's row locked, so
 * two simultaneous creates cannot both take the last place. 'limit' at the cap.
 */
async function capped<T>(
  db: Database,
  userId: number,
  max: number,
  countRows: (tx: Database) => Promise<number>,
  write: (tx: Database) => Promise<T>,
): Promise<T | 'limit'> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if ((await countRows(tx)) >= max) return 'limit';
    return write(tx);
  });
}

export function insertClient(
  db: Database,
  values: {
    clientId: string;
    ownerId: number;
    name: string;
    redirectUris: string[];
    clientType: ClientType;
    secretHash: string | null;
  },
  max: number,
): Promise<OAuthClientRow | 'limit'> {
  return capped(
    db,
    values.ownerId,
    max,
    async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(oauthClients)
        .where(eq(oauthClients.ownerId, values.ownerId));
      return row?.n ?? 0;
    },
    async (tx) => (await tx.insert(oauthClients).values(values).returning())[0]!,
  );
}

export async function clientByClientId(db: Database, clientId: string): Promise<OAuthClientRow | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return row;
}

/** Deletes the owner's app (its codes and tokens go with it): the users who held its tokens, or undefined. */
export async function deleteClient(
  db: Database,
  ownerId: number,
  clientId: string,
): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(and(eq(oauthClients.clientId, clientId), eq(oauthClients.ownerId, ownerId)))
      .for('update');
    if (!client) return undefined;
    const holders = await tx
      .selectDistinct({ userId: oauthTokens.userId })
      .from(oauthTokens)
      .where(eq(oauthTokens.clientId, client.id));
    await tx.delete(oauthClients).where(eq(oauthClients.id, client.id));
    return holders.map((row) => row.userId);
  });
}

/* Codes. */

export async function insertCode(
  db: Database,
  values: {
    codeHash: string;
    clientId: number;
    userId: number;
    redirectUri: string;
    scopes: OAuthScope[];
    codeChallenge: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(oauthCodes).values(values);
}

export interface CodeRow {
  id: number;
  clientId: string;
  userId: number;
  redirectUri: string;
  scopes: OAuthScope[];
  codeChallenge: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function codeByHash(db: Database, codeHash: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select({
      id: oauthCodes.id,
      clientId: oauthClients.clientId,
      userId: oauthCodes.userId,
      redirectUri: oauthCodes.redirectUri,
      scopes: oauthCodes.scopes,
      codeChallenge: oauthCodes.codeChallenge,
      expiresAt: oauthCodes.expiresAt,
      usedAt: oauthCodes.usedAt,
    })
    .from(oauthCodes)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthCodes.clientId))
    .where(eq(oauthCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** Marks the code used; false when it already was (a simultaneous exchange got it first). */
export async function useCode(db: Database, codeId: number): Promise<boolean> {
  const used = await db
    .update(oauthCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oauthCodes.id, codeId), isNull(oauthCodes.usedAt)))
    .returning({ id: oauthCodes.id });
  return used.length > 0;
}

/** Deletes codes that expired a day ago (a used code is kept that long to recognise its reuse). */
export async function sweepCodes(db: Database): Promise<void> {
  await db.delete(oauthCodes).where(sql`${oauthCodes.expiresAt} < now() - interval '1 day'`);
}

/* Tokens. */

export interface NewTokenRow {
  familyId: number | null;
  clientId: number;
  userId: number;
  codeId: number | null;
  scopes: OAuthScope[];
  accessHash: string;
  accessExpiresAt: Date;
  refreshHash: string;
  refreshExpiresAt: Date;
}

/** Stores a token pair, as the next of its family or (familyId null) as a new family. */
export async function insertTokens(db: Database, values: NewTokenRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(oauthTokens)
      .values({ ...values, familyId: values.familyId ?? 0 })
      .returning({ id: oauthTokens.id });
    if (values.familyId === null) {
      await tx.update(oauthTokens).set({ familyId: row!.id }).where(eq(oauthTokens.id, row!.id));
    }
  });
}

export interface RefreshRow {
  id: number;
  familyId: number;
  clientId: string;
  userId: number;
  scopes: OAuthScope[];
  refreshExpiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export async function tokensByRefreshHash(
  db: Database,
  refreshHash: string,
): Promise<RefreshRow | undefined> {
  const [row] = await db
    .select({
      id: oauthTokens.id,
      familyId: oauthTokens.familyId,
      clientId: oauthClients.clientId,
      userId: oauthTokens.userId,
      scopes: oauthTokens.scopes,
      refreshExpiresAt: oauthTokens.refreshExpiresAt,
      rotatedAt: oauthTokens.rotatedAt,
      revokedAt: oauthTokens.revokedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthTokens.clientId))
    .where(eq(oauthTokens.refreshHash, refreshHash))
    .limit(1);
  return row;
}

/** Marks a refresh token exchanged; false when it already was or was revoked meanwhile. */
export async function rotateRefresh(db: Database, tokenId: number): Promise<boolean> {
  const rotated = await db
    .update(oauthTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(oauthTokens.id, tokenId), isNull(oauthTokens.rotatedAt), isNull(oauthTokens.revokedAt)))
    .returning({ id: oauthTokens.id });
  return rotated.length > 0;
}

/** Revokes tokens (a family, a code's, a client's for a user, ...): the users whose tokens those were. */
async function revokeWhere(db: Database, where: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`update ${oauthTokens} set revoked_at = now() where revoked_at is null and ${where} returning user_id`,
  );
  return [...new Set(rows.map((row) => row.user_id))];
}

export function revokeFamily(db: Database, familyId: number): Promise<number[]> {
  return revokeWhere(db, sql`family_id = ${familyId}`);
}

export function revokeCodeTokens(db: Database, codeId: number): Promise<number[]> {
  return revokeWhere(db, sql`family_id in (select family_id from ${oauthTokens} where code_id = ${codeId})`);
}

/**
 * Revokes every token the user granted the app and burns its codes not yet exchanged; false when the user
 * has no live authorization of it.
 */
export async function revokeAuthorization(db: Database, userId: number, clientId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(eq(oauthClients.clientId, clientId))
      .limit(1);
    if (!client) return false;
    await tx
      .update(oauthCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(oauthCodes.userId, userId), eq(oauthCodes.clientId, client.id), isNull(oauthCodes.usedAt)),
      );
    const revoked = await revokeWhere(
      tx as unknown as Database,
      sql`user_id = ${userId} and client_id = ${client.id}`,
    );
    return revoked.length > 0;
  });
}

/** The family of a token (access or refresh, by hash) issued to the client; undefined for none. */
export async function familyOfToken(
  db: Database,
  tokenHash: string,
  clientId: string,
): Promise<number | undefined> {
  const [row] = await queryRows<{ family_id: number }>(
    db,
    sql`select t.family_id from ${oauthTokens} t join ${oauthClients} c on c.id = t.client_id
      where (t.access_hash = ${tokenHash} or t.refresh_hash = ${tokenHash}) and c.client_id = ${clientId}
      limit 1`,
  );
  return row?.family_id;
}

export interface AuthorizationRow {
  clientId: string;
  appName: string;
  scopes: OAuthScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The live token rows of the user (not revoked, not rotated, refresh not expired) with their apps. */
export function liveAuthorizations(db: Database, userId: number): Promise<AuthorizationRow[]> {
  return db
    .select({
      clientId: oauthClients.clientId,
      appName: oauthClients.name,
      scopes: oauthTokens.scopes,
      createdAt: oauthTokens.createdAt,
      lastUsedAt: oauthTokens.lastUsedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthTokens.clientId))
    .where(
      and(
        eq(oauthTokens.userId, userId),
        isNull(oauthTokens.revokedAt),
        isNull(oauthTokens.rotatedAt),
        sql`${oauthTokens.refreshExpiresAt} > now()`,
      ),
    )
    .orderBy(asc(oauthTokens.id));
}

/** When each live family was first granted (its first row), for the authorizations' `authorized_at`. */
export async function familyStarts(db: Database, userId: number): Promise<Map<string, Date>> {
  const rows = await queryRows<{ client_id: string; started: Date | string }>(
    db,
    sql`select c.client_id, min(f.created_at) as started
      from ${oauthTokens} t join ${oauthClients} c on c.id = t.client_id
      join ${oauthTokens} f on f.id = t.family_id
      where t.user_id = ${userId} and t.revoked_at is null and t.rotated_at is null
        and t.refresh_expires_at > now()
      group by c.client_id`,
  );
  return new Map(rows.map((row) => [row.client_id, new Date(row.started)]));
}

/* Bearer tokens. */

export interface BearerRow {
  id: number;
  familyId: number;
  userId: number;
  username: string;
  scopes: OAuthScope[];
  expiresAt: Date | null;
}

/** A live access token by hash (not revoked, not expired) with its user; undefined otherwise. */
export async function accessTokenByHash(db: Database, accessHash: string): Promise<BearerRow | undefined> {
  const [row] = await db
    .select({
      id: oauthTokens.id,
      familyId: oauthTokens.familyId,
      userId: oauthTokens.userId,
      username: users.username,
      scopes: oauthTokens.scopes,
      expiresAt: oauthTokens.accessExpiresAt,
    })
    .from(oauthTokens)
    .innerJoin(users, eq(users.id, oauthTokens.userId))
    .where(
      and(
        eq(oauthTokens.accessHash, accessHash),
        isNull(oauthTokens.revokedAt),
        sql`${oauthTokens.accessExpiresAt} > now()`,
      ),
    )
    .limit(1);
  return row;
}

export async function personalTokenByHash(db: Database, tokenHash: string): Promise<BearerRow | undefined> {
  const [row] = await db
    .select({
      id: personalTokens.id,
      familyId: personalTokens.id,
      userId: personalTokens.userId,
      username: users.username,
      scopes: personalTokens.scopes,
      expiresAt: sql<Date | null>`null`,
    })
    .from(personalTokens)
    .innerJoin(users, eq(users.id, personalTokens.userId))
    .where(eq(personalTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchToken(db: Database, kind: 'access' | 'personal', id: number): Promise<void> {
  if (kind === 'access') {
    await db
      .update(oauthTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(oauthTokens.id, id));
  } else {
    await db
      .update(personalTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(personalTokens.id, id));
  }
}

/* Personal tokens. */

export function personalTokensOf(db: Database, userId: number) {
  return db
    .select()
    .from(personalTokens)
    .where(eq(personalTokens.userId, userId))
    .orderBy(asc(personalTokens.id));
}

export function insertPersonalToken(
  db: Database,
  values: { userId: number; name: string; scopes: OAuthScope[]; tokenHash: string; tokenHint: string },
  max: number,
) {
  return capped(
    db,
    values.userId,
    max,
    async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(personalTokens)
        .where(eq(personalTokens.userId, values.userId));
      return row?.n ?? 0;
    },
    async (tx) => (await tx.insert(personalTokens).values(values).returning())[0]!,
  );
}

export async function deletePersonalToken(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(personalTokens)
    .where(and(eq(personalTokens.id, id), eq(personalTokens.userId, userId)))
    .returning({ id: personalTokens.id });
  return deleted.length > 0;
}
