import type { Database } from './client';

/** The handle a `db.transaction(async (tx) => …)` callback gets: what a write run inside one takes. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or a transaction: for a query that runs inside a transaction or on its own. */
export type Queryable = Database | Transaction;
