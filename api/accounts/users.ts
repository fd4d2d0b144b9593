import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users, type User } from '../db/schema';
import type { TokenUser } from './authentication';

/** Usernames: 3 to 30 of A-Z a-z 0-9 _ . - (contract/accounts.ts). */
export { USERNAME_PATTERN } from '../../contract/accounts';
export const USERNAME_MAX_LENGTH = 30;

/** Case-insensitive, as the unique indexes on lower(username) and lower(email) are. */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

export async function findUserByUsername(db: Database, username: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user;
}

/** The user a login name names: a username, or an e-mail address (usernames cannot contain "@"). */
export function findUserByLogin(db: Database, login: string): Promise<User | undefined> {
  return login.includes('@') ? findUserByEmail(db, login) : findUserByUsername(db, login);
}

export async function findUserByGoogleSubject(db: Database, subject: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return user;
}

/** The user a token names, with the version its tokens must carry: what authentication reads. */
export async function findTokenUser(db: Database, id: number): Promise<TokenUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The user's password hash: null for a Google-only account, undefined when the user is gone. */
export async function passwordHashOf(db: Database, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

/** What `GET /auth/me` adds to the token's user: whether it has a password, and its digest preference. */
export async function accountSettingsOf(db: Database, id: number) {
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      emailDigest: users.emailDigest,
      showReadingStats: users.showReadingStats,
    })
    .from(users)
    .where(eq(users.id, id));
  return {
    hasPassword: Boolean(row?.passwordHash),
    emailDigest: row?.emailDigest ?? 'never',
    showReadingStats: row?.showReadingStats ?? true,
  };
}

export async function usernameOrEmailTaken(
  db: Database,
  username: string,
  email: string,
): Promise<{ email: boolean; username: boolean }> {
  const clashes = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
    );
  return {
    email: clashes.some((row) => row.email.toLowerCase() === email.toLowerCase()),
    username: clashes.some((row) => row.username.toLowerCase() === username.toLowerCase()),
  };
}

/** Which unique index a failed insert ran into, when it is one of the users table's. */
export function uniqueViolation(error: unknown): 'username' | 'email' | 'google' | undefined {
  // Drivers and Drizzle wrap the PostgreSQL error; look a few causes deep.
  let cause = error;
  for (let depth = 0; depth < 5 && isRecord(cause); depth++, cause = cause.cause) {
    const { code, constraint, message } = cause;
    if (code !== '23505') continue;
    const text = `${String(constraint ?? '')} ${String(message ?? '')}`;
    if (text.includes('users_username_lower_idx')) return 'username';
    if (text.includes('users_email_lower_idx')) return 'email';
    if (text.includes('users_google_subject_idx')) return 'google';
    return undefined;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
