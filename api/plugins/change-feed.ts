import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The one PostgreSQL channel every instance listens on; messages name their topic. */
export const CHANGE_CHANNEL = 'panelrank_changes';
/** NOTIFY payloads are limited to 8000 bytes; a larger change is announced as "everything changed". */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_DELAY_MS = 1000;
/** Change feeds per embedded engine in this process. */
const instancesOnEngine = new WeakMap<object, number>();

/** `ids` of what changed, or null for "anything may have changed" (reload it all). */
export type Change = { ids: number[] | null };
type Handler = (change: Change) => void;

interface Message {
  /** Sending instance: an instance ignores its own messages (it applied the change already). */
  from: string;
  topic: string;
  ids: number[] | null;
}

export interface ChangeFeedStatus {
  instance: string;
  /** `postgres`: LISTEN on a dedicated connection; `pglite`: the embedded engine's own LISTEN. */
  transport: 'postgres' | 'pglite';
  listening: boolean;
  published: number;
  received: number;
  last_received_at: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Tells the other instances about a write, through PostgreSQL LISTEN/NOTIFY. A feature that caches
     * subscribes to its topic with one line (`app.changeFeed.subscribe('lists', (change) => ...)`) and
     * publishes after each committed write (`app.changeFeed.publish('lists', [id])`).
     */
    changeFeed: ChangeFeed;
  }
}

export class ChangeFeed {
  readonly instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, Handler[]>();
  private listening = false;
  private published = 0;
  private received = 0;
  private lastReceivedAt: Date | null = null;

  constructor(
    readonly transport: ChangeFeedStatus['transport'],
    private readonly notify: (payload: string) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Handlers run for other instances' changes, and with `{ids: null}` after a gap in listening. */
  subscribe(topic: string, handler: Handler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /**
   * Announces a committed write to the other instances. Never rejects (the TTL is the safety net); resolves
   * once the notification is sent, for the writes whose answer must wait for it (a revoked user).
   */
  publish(topic: string, ids: number[] | null = null): Promise<void> {
    this.published += 1;
    return this.notify(changePayload(this.instance, topic, ids)).then(
      () => undefined,
      (error: unknown) => this.onError(error),
    );
  }

  /**
   * Something on `topic` changed: this instance's subscribers drop what they hold as the other instances'
   * do, and those are told (`publish` tells only the others, for a feature that applied its change itself).
   */
  changed(topic: string, ids: number[] | null = null): Promise<void> {
    for (const handler of this.handlers.get(topic) ?? []) this.run(handler, { ids });
    return this.publish(topic, ids);
  }

  status(): ChangeFeedStatus {
    return {
      instance: this.instance,
      transport: this.transport,
      listening: this.listening,
      published: this.published,
      received: this.received,
      last_received_at: this.lastReceivedAt?.toISOString() ?? null,
    };
  }

  /** @internal the transport's side */
  setListening(listening: boolean): void {
    const resumed = listening && !this.listening;
    this.listening = listening;
    // Notifications sent while nobody listened are lost: every topic reloads what it caches.
    if (resumed && this.received + this.published > 0) this.dispatchAll({ ids: null });
  }

  /** @internal the transport's side */
  deliver(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.from === this.instance) return;
    this.received += 1;
    this.lastReceivedAt = new Date();
    for (const handler of this.handlers.get(message.topic) ?? []) this.run(handler, { ids: message.ids });
  }

  private dispatchAll(change: Change): void {
    for (const handlers of this.handlers.values()) for (const handler of handlers) this.run(handler, change);
  }

  private run(handler: Handler, change: Change): void {
    try {
      handler(change);
    } catch (error) {
      this.onError(error);
    }
  }
}

/** A notification's payload; too many ids for one NOTIFY become "everything changed". */
function changePayload(from: string, topic: string, ids: number[] | null): string {
  const payload = JSON.stringify({ from, topic, ids } satisfies Message);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
  return JSON.stringify({ from, topic, ids: null } satisfies Message);
}

/**
 * Announces a change made outside the API (the admin CLI on PostgreSQL) to every running instance, as an
 * instance's `changeFeed.publish` does.
 */
export async function publishChange(db: Database, topic: string, ids: number[] | null): Promise<void> {
  const from = `${hostname()}-${process.pid}-script`;
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${changePayload(from, topic, ids)})`);
}

/**
 * Change notifications between instances sharing a database. On PostgreSQL a dedicated connection LISTENs
 * (reconnecting after a loss, after which subscribers reload everything); on the embedded engine PGlite's
 * own LISTEN serves the instances built on the same engine (tests run two that way).
 */
export default fp(
  async function changeFeedPlugin(app: FastifyInstance) {
    const onError = (error: unknown) => app.log.warn({ err: error }, 'change notification failed');
    const notify = (payload: string) => app.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
    const { pglite, target } = app.database;

    if (pglite) {
      // Only apps built on this very engine can listen (tests run two): with none but this one, a NOTIFY
      // would cost the single-threaded engine a statement per write for nobody.
      const feeds = (instancesOnEngine.get(pglite) ?? 0) + 1;
      instancesOnEngine.set(pglite, feeds);
      const feed = new ChangeFeed(
        'pglite',
        (payload) => ((instancesOnEngine.get(pglite) ?? 0) > 1 ? notify(payload) : Promise.resolve()),
        onError,
      );
      app.decorate('changeFeed', feed);
      const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => feed.deliver(payload));
      feed.setListening(true);
      app.addHook('onClose', async () => {
        feed.setListening(false);
        instancesOnEngine.set(pglite, (instancesOnEngine.get(pglite) ?? 1) - 1);
        await unlisten().catch(() => undefined);
      });
      return;
    }

    const feed = new ChangeFeed('postgres', notify, onError);
    app.decorate('changeFeed', feed);
    if (target.kind !== 'postgres') return;
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const listener = new pg.Client({ connectionString: target.url });
      const lost = (error?: unknown) => {
        if (client !== listener) return;
        client = undefined;
        feed.setListening(false);
        listener.end().catch(() => undefined);
        if (closed) return;
        if (error) app.log.warn({ err: error }, 'change listener lost its connection; reconnecting');
        retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
      };
      client = listener;
      listener.on('error', lost);
      listener.on('end', () => lost());
      listener.on('notification', (message) => {
        if (message.channel === CHANGE_CHANNEL && message.payload) feed.deliver(message.payload);
      });
      try {
        await listener.connect();
        await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
        if (client === listener) feed.setListening(true);
      } catch (error) {
        lost(error);
      }
    };
    await connect();
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(retry);
      const listener = client;
      client = undefined;
      feed.setListening(false);
      await listener?.end().catch(() => undefined);
    });
  },
  { name: 'change-feed', dependencies: ['config'] },
);
