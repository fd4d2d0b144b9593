import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClientType, OAuthScope } from '../../../contract/apps-values';
import { users } from './users';

/*
 * Apps (docs/features/apps.md): registered OAuth clients, authorization codes, token families and personal
 * access tokens. Every secret (client secrets, codes, access and refresh tokens, personal tokens) is stored
 * as the SHA-256 hash of a 256-bit random token, never as itself.
 */

/** An app a reader registered. Deleting it deletes its codes and tokens. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: serial('id').primaryKey(),
    /** The public identifier apps send (`prk_app_...`). */
    clientId: text('client_id').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Matched exactly (no prefix or pattern matching). */
    redirectUris: text('redirect_uris').array().notNull(),
    clientType: text('client_type').$type<ClientType>().notNull(),
    /** Confidential clients only. */
    secretHash: text('secret_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_clients_client_id_idx').on(t.clientId),
    index('oauth_clients_owner_idx').on(t.ownerId, t.id),
    check('oauth_clients_type_check', sql`${t.clientType} in ('public', 'confidential')`),
  ],
);

/** Authorization codes: single use, short-lived; a code's row stays (used) so a second use is recognised. */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').array().$type<OAuthScope[]>().notNull(),
    /** BASE64URL(SHA-256(code_verifier)); S256 is the only method accepted. */
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_codes_hash_idx').on(t.codeHash),
    index('oauth_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * OAuth tokens: one row per grant of an access token with its refresh token. A refresh makes a new row of
 * the same family (`family_id`: the id of the family's first row) and marks the old one rotated; a rotated
 * refresh token used again revokes the whole family.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The code the family was issued for (a second use of it revokes the family). */
    codeId: integer('code_id'),
    scopes: text('scopes').array().$type<OAuthScope[]>().notNull(),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    /** When the refresh token was exchanged for the family's next row. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_tokens_access_idx').on(t.accessHash),
    uniqueIndex('oauth_tokens_refresh_idx').on(t.refreshHash),
    index('oauth_tokens_family_idx').on(t.familyId),
    index('oauth_tokens_user_client_idx').on(t.userId, t.clientId),
    index('oauth_tokens_code_idx').on(t.codeId),
  ],
);

/** Personal access tokens: named, scoped, revocable; the reader's own scripts. */
export const personalTokens = pgTable(
  'personal_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<OAuthScope[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's last characters, so the reader can tell tokens apart. */
    tokenHint: text('token_hint').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('personal_tokens_hash_idx').on(t.tokenHash),
    index('personal_tokens_user_idx').on(t.userId, t.id),
  ],
);

export type OAuthClientRow = typeof oauthClients.$inferSelect;
