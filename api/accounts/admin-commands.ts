import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { users, type UserRole } from '../db/schema';
import { hashPassword } from './passwords';

/** What the admin CLI can do, whether it runs in-process or through a running server's control socket. */
export const createAdminInput = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,30}$/, 'username must be 3-30 characters of A-Z a-z 0-9 _ . -'),
  email: z.string().trim().toLowerCase().email('email must be an e-mail address'),
  password: z.string().min(8, 'password must be at least 8 characters'),
});
export type CreateAdminInput = z.infer<typeof createAdminInput>;

export interface AdminCommandResult {
  message: string;
  user: { id: number; username: string; role: string };
}

export class AdminCommandError extends Error {}

export async function createAdmin(db: Database, input: CreateAdminInput): Promise<AdminCommandResult> {
  const { username, email, password } = createAdminInput.parse(input);
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (clash[0]) {
    throw new AdminCommandError(
      clash[0].email.toLowerCase() === email
        ? `A user with the e-mail ${email} already exists; use "promote ${clash[0].username}".`
        : `A user named ${clash[0].username} already exists; use "promote ${clash[0].username}".`,
    );
  }
  const [user] = await db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(password),
      role: 'ADMIN',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id, username: users.username, role: users.role });
  if (!user) throw new AdminCommandError('The user could not be created.');
  return { message: `Created verified admin ${user.username} (id ${user.id}).`, user };
}

/** Makes an existing user ADMIN. Callers announce the change (app.accounts.userChanged): open sessions follow at once. */
export async function promoteUser(db: Database, username: string): Promise<AdminCommandResult> {
  const user = await setRole(db, username, 'ADMIN');
  return { message: `${user.username} (id ${user.id}) is now an ADMIN.`, user };
}

/** Takes ADMIN away (the account stays). Callers announce the change, as for promoteUser. */
export async function demoteUser(db: Database, username: string): Promise<AdminCommandResult> {
  const user = await setRole(db, username, 'USER');
  return { message: `${user.username} (id ${user.id}) is now a USER.`, user };
}

async function setRole(db: Database, username: string, role: UserRole): Promise<AdminCommandResult['user']> {
  const [user] = await db
    .update(users)
    .set({ role })
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .returning({ id: users.id, username: users.username, role: users.role });
  if (!user) throw new AdminCommandError(`No user named ${username}.`);
  return user;
}

export async function findUserByUsername(db: Database, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return user;
}
