import type { FastifyBaseLogger } from 'fastify';
import {
  isEmailDomainAllowed,
  type AuthConfig,
  type LoginResponse,
  type MeResponse,
} from '../../contract/accounts';
import type { CatalogueService } from '../catalogue/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users as usersTable, type User } from '../db/schema';
import { createMailer, type Mailer } from '../mail/mailer';
import type { ChangeFeed } from '../plugins/change-feed';
import type { AccessTokenSubject } from './access-tokens';
import { USERS_TOPIC, type Authentication, type AuthUser } from './authentication';
import { AltchaCaptcha, createCaptchaProvider, type CaptchaProvider } from './captcha';
import { deleteAccount, type AccountDeletionStep, type DeletedAccount } from './delete-account';
import { consumeVerificationToken, issueVerificationToken } from './email-verification';
import { createGoogleVerifier, findOrCreateGoogleUser, type GoogleTokenVerifier } from './google';
import { hashPassword, verifyPassword } from './passwords';
import {
  findUserByEmail,
  findUserByLogin,
  accountSettingsOf,
  passwordHashOf,
  uniqueViolation,
  usernameOrEmailTaken,
} from './users';

/** Why an account action was refused; the routes answer each with its status and text. */
export type AccountRefusal =
  | 'disallowed-domain'
  | 'captcha-failed'
  | 'email-exists'
  | 'username-exists'
  | 'invalid-credentials'
  | 'email-not-verified'
  | 'verification-expired'
  | 'verification-invalid'
  | 'invalid-google-token'
  | 'wrong-password';

export interface AccountsServiceOptions {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  feed: Pick<ChangeFeed, 'changed'>;
  authentication: Authentication;
  /** Told of the series whose scores a deleted account's votes leave. */
  catalogue: Pick<CatalogueService, 'changed'>;
  /**
   * Told once an account is deleted, for the features that hold what went with it (its reading lists, its
   * forum posts' author and its likes): each drops what it holds of it, here and on the other instances.
   */
  accountDeleted: ((deleted: DeletedAccount) => Promise<void>)[];
  /**
   * What other features remove of the account in its deletion's transaction, in this order (see
   * delete-account.ts), each answering the users whose notifications that changed.
   */
  accountDeleting: AccountDeletionStep[];
}

/** Compared against when the user does not exist, so a miss costs as long as a wrong password. */
const decoyPasswordHash = hashPassword('decoy password, never matches a real one');

/**
 * Accounts: signup with e-mail verification, password and Google sign-in, the signed-in user, deletion,
 * and who a bearer token is (`authentication`, which the auth plugin's hooks ask). Every change to a user
 * that authentication reads is announced (`userChanged`), so each instance forgets what it remembers of
 * them at once.
 */
export class AccountsService {
  private readonly db: Database;
  private readonly captcha: CaptchaProvider;
  private readonly mailer: Mailer;
  private readonly google: GoogleTokenVerifier | undefined;
  private readonly allowedDomains: readonly string[];
  /**
   * The change-feed topic on which every change to a user (a deletion above all) is announced: features
   * that remember something per user (the library API's tokens) subscribe to it.
   */
  readonly usersTopic = USERS_TOPIC;

  constructor(private readonly options: AccountsServiceOptions) {
    const { config, db, log } = options;
    this.db = db;
    this.captcha = createCaptchaProvider(config, db, log);
    this.mailer = createMailer(config, log);
    this.google = createGoogleVerifier(config, log);
    this.allowedDomains = config.SIGNUP_EMAIL_DOMAINS;
    log.info(
      { captcha: this.captcha.name, mail: this.mailer.destination, google: Boolean(this.google) },
      'accounts: captcha, mail and Google sign-in',
    );
  }

  // Tokens and the users they name.

  issueToken(user: AccessTokenSubject): Promise<string> {
    return this.options.authentication.issueToken(user);
  }

  /** The token's user when it is valid, current and the user still exists (see Authentication). */
  userOfToken(token: string): Promise<AuthUser | undefined> {
    return this.options.authentication.userOfToken(token);
  }

  /** When a valid token expires, in epoch milliseconds (undefined for one that is not valid). */
  tokenExpiresAt(token: string): Promise<number | undefined> {
    return this.options.authentication.tokenExpiresAt(token);
  }

  /** The user of a token checked lately, without waiting; undefined when `userOfToken` must look. */
  rememberedUser(token: string): AuthUser | undefined {
    return this.options.authentication.rememberedUser(token);
  }

  /**
   * Call after any change to a user's row that authentication reads (role, token version, username,
   * e-mail) or after deleting the user: this instance's subscribers hear it as every other instance's do
   * (what is remembered of the user is dropped, then their notification streams whose token no longer
   * passes end), resolving once the notice to the others is sent: a demoted, signed-out or deleted user is
   * refused from the next request here, and on each other instance as soon as its listener hears the notice.
   */
  async userChanged(userId: number): Promise<void> {
    await this.options.feed.changed(USERS_TOPIC, [userId]);
  }

  // Signing up and in.

  /** Creates an unverified account and sends its verification e-mail; undefined when created. */
  async signup(input: {
    username: string;
    password: string;
    email: string;
    captchaToken: string | undefined;
    ip: string;
  }): Promise<AccountRefusal | undefined> {
    const { username, password, email } = input;
    // Every check of the fields comes before the captcha, which a check uses up: a refused address leaves
    // the visitor's solved captcha good for the corrected signup.
    if (!isEmailDomainAllowed(email, this.allowedDomains)) return 'disallowed-domain';
    if (!(await this.captcha.verify(input.captchaToken, input.ip))) return 'captcha-failed';

    const taken = await usernameOrEmailTaken(this.db, username, email);
    if (taken.email) return 'email-exists';
    if (taken.username) return 'username-exists';
    let user: User | undefined;
    try {
      [user] = await this.db
        .insert(usersTable)
        .values({ username, email, passwordHash: await hashPassword(password) })
        .returning();
    } catch (error) {
      // Lost a race with a simultaneous signup for the same e-mail or name. The index PostgreSQL names is
      // whichever it checked first (the username's), so ask again: the e-mail clash is reported first.
      const clash = uniqueViolation(error);
      if (clash !== 'email' && clash !== 'username') throw error;
      const now = await usernameOrEmailTaken(this.db, username, email);
      return now.email || clash === 'email' ? 'email-exists' : 'username-exists';
    }
    if (!user) throw new Error('the new user was not returned');
    await this.sendVerification(user);
    return undefined;
  }

  /** Signs in with a username (or e-mail) and password: the access token and who it is for. */
  async login(input: {
    login: string;
    password: string;
    captchaToken: string | undefined;
    ip: string;
  }): Promise<LoginResponse | AccountRefusal> {
    if (!(await this.captcha.verify(input.captchaToken, input.ip))) return 'captcha-failed';
    const user = await findUserByLogin(this.db, input.login);
    // Google-only accounts have no password and cannot log in with one.
    let passwordMatches = false;
    if (user?.passwordHash) passwordMatches = await verifyPassword(user.passwordHash, input.password);
    else await verifyPassword(await decoyPasswordHash, input.password);
    if (!user || !passwordMatches) return 'invalid-credentials';
    if (!user.emailVerifiedAt) return 'email-not-verified';
    return this.signedIn(user);
  }

  /** Uses a verification link's token; undefined once the address is verified. */
  async verifyEmail(token: string): Promise<AccountRefusal | undefined> {
    const outcome = await consumeVerificationToken(this.db, token);
    if (outcome === 'expired') return 'verification-expired';
    if (outcome === 'invalid') return 'verification-invalid';
    return undefined;
  }

  /**
   * Sends a new verification link to an unverified account named by e-mail or login; verified and unknown
   * accounts get nothing, and the answer never says which case applied.
   */
  async resendVerification(input: {
    email: string | undefined;
    login: string | undefined;
    captchaToken: string | undefined;
    ip: string;
  }): Promise<AccountRefusal | undefined> {
    if (!(await this.captcha.verify(input.captchaToken, input.ip))) return 'captcha-failed';
    const user = input.email
      ? await findUserByEmail(this.db, input.email)
      : await findUserByLogin(this.db, input.login ?? '');
    if (user && !user.emailVerifiedAt) await this.sendVerification(user);
    return undefined;
  }

  get googleSignInEnabled(): boolean {
    return this.google !== undefined;
  }

  /** Signs in with a Google ID token; the first sign-in links or creates a verified account. */
  async googleSignIn(idToken: string): Promise<LoginResponse | AccountRefusal> {
    const identity = await this.google?.verify(idToken);
    if (!identity) return 'invalid-google-token';
    return this.signedIn(await findOrCreateGoogleUser(this.db, identity, (id) => this.userChanged(id)));
  }

  // The signed-in user.

  async me({ id, username, email, role }: AuthUser): Promise<MeResponse> {
    const { hasPassword, emailDigest, showReadingStats } = await accountSettingsOf(this.db, id);
    return {
      id,
      username,
      email,
      role,
      has_password: hasPassword,
      email_digest: emailDigest,
      show_reading_stats: showReadingStats,
    };
  }

  /**
   * Deletes the account (the password confirms it; accounts made by Google sign-in have none), then tells
   * what it changed elsewhere: its token dies on every instance, the series it voted on lose its votes, its
   * reading lists go, and its forum posts turn anonymous and its likes go.
   */
  async deleteAccount(userId: number, password: string): Promise<AccountRefusal | undefined> {
    const passwordHash = await passwordHashOf(this.db, userId);
    // The same answer for a missing and a wrong password.
    if (passwordHash && !(await verifyPassword(passwordHash, password))) return 'wrong-password';
    const deleted = await deleteAccount(this.db, userId, this.options.accountDeleting);
    // The token dies on every instance before the answer goes.
    await this.userChanged(userId);
    if (deleted) {
      const { changedSeries } = deleted;
      if (changedSeries.length > 0) await this.options.catalogue.changed(changedSeries);
      for (const tell of this.options.accountDeleted) await tell(deleted);
    }
    return undefined;
  }

  // What the site shows.

  /** Which captcha and sign-in options the site should show. */
  publicConfig(): AuthConfig {
    const { config } = this.options;
    return {
      captcha_provider: this.captcha.name,
      turnstile_site_key: this.captcha.name === 'turnstile' ? (config.TURNSTILE_SITE_KEY ?? null) : null,
      google_client_id: config.GOOGLE_CLIENT_ID ?? null,
      signup_email_domains: [...this.allowedDomains],
    };
  }

  /** A fresh ALTCHA challenge; undefined unless ALTCHA is the captcha. */
  captchaChallenge(): ReturnType<AltchaCaptcha['createChallenge']> | undefined {
    return this.captcha instanceof AltchaCaptcha ? this.captcha.createChallenge() : undefined;
  }

  private async signedIn(user: User): Promise<LoginResponse> {
    return {
      access_token: await this.issueToken(user),
      token_type: 'bearer' as const,
      user: { id: user.id, username: user.username, role: user.role },
    };
  }

  private async sendVerification(user: Pick<User, 'id' | 'email' | 'username'>): Promise<void> {
    const { config, log } = this.options;
    const token = await issueVerificationToken(this.db, user.id, config.EMAIL_TOKEN_TTL);
    try {
      await this.mailer.sendVerificationEmail({ to: user.email, username: user.username, token });
    } catch (error) {
      // The account stands either way; the user can ask for another link from the login page.
      log.error({ err: error, userId: user.id }, 'the verification e-mail could not be sent');
    }
  }
}
