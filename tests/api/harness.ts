import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../api/app';
import { loadConfig, type Config } from '../../api/config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** Base URL of the live server, e.g. http://127.0.0.1:43121 */
  url: string;
  /** fetch against the live server, with a JSON body when `json` is given. */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the real API on a random port over real HTTP. The database is in-memory PGlite unless
 * TEST_DATABASE_URL points at PostgreSQL, in which case a fresh schema is created for this server.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-test-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl = 'memory://';
  let dropSchema: (() => Promise<void>) | undefined;
  if (postgresUrl) {
    ({ url: databaseUrl, drop: dropSchema } = await createScratchDatabase(postgresUrl));
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Most suites check other rules on a series or two with a vote each; the ranking's suites set their own.
    RANKING_MIN_VOTERS: '1',
    // "Readers also liked" would run 30 s after start, amid a suite's own writes; its suite runs it itself.
    ALSO_LIKED_REFRESH: '0',
    ...env,
  });
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    database,
    url,
    request(path, init = {}) {
      const { json, token, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (json !== undefined) merged.set('content-type', 'application/json');
      if (token) merged.set('authorization', `Bearer ${token}`);
      return fetch(url + path, {
        ...rest,
        headers: merged,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    async close() {
      await app.close();
      await database.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A throwaway database on the PostgreSQL server, so test files never see each other's rows. */
async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `panelrank_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface SecondInstance {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * Another API instance on the test server's database, as a second process behind a balancer would be:
 * the same configuration unless `config` overrides some of it, its own port and caches. Changes reach it
 * only through what instances share (the database's notifications, rate-limit rows, media storage).
 */
export async function startSecondInstance(
  server: TestServer,
  config: Partial<Config> = {},
): Promise<SecondInstance> {
  const app = await buildApp({
    config: { ...server.config, ...config },
    database: server.database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/**
 * Expects what another instance answers after a change announced on the change feed. The embedded engine
 * hands a notification to every listener before the NOTIFY returns; PostgreSQL signals the other
 * instance's listener, a process of its own, at the commit, and on a busy machine that process may run only
 * after the next request has arrived, so there the answer is awaited for up to a second.
 */
export async function expectOnOtherInstance<T>(read: () => Promise<T>, expected: T): Promise<void> {
  if (process.env.TEST_DATABASE_URL)
    await expect.poll(read, { timeout: 1000, interval: 10 }).toEqual(expected);
  else expect(await read()).toEqual(expected);
}
