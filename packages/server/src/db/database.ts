import type { Pool, PoolClient } from 'pg';

// One small interface over both databases the service runs on: PGlite embedded in a data folder
// (the default, no set-up) and a PostgreSQL server through `pg` (several instances share it). Both
// speak the same SQL, so the migrations and every query are written once.

/** What queries run on: the database itself, or one transaction. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `postgres://` or `postgresql://` URLs go to a server; anything else is a PGlite data folder. */
export async function openDatabase(target: { url: string } | { dataDir: string }): Promise<Database> {
  return 'url' in target ? openPostgres(target.url) : openPglite(target.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  // PGlite is one connection: a transaction must not interleave with other queries, so every use
  // of it takes turns through this chain
  let turn: Promise<unknown> = Promise.resolve();
  const serialize = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work, work);
    turn = next.catch(() => undefined);
    return next;
  };
  return {
    kind: 'pglite',
    query: <Row>(sql: string, params: readonly unknown[] = []) => serialize(async () => (await db.query<Row>(sql, [...params])).rows),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      serialize(() => db.transaction(async (tx) => work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, [...params])).rows }))),
    close: () => serialize(() => db.close()),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // a connection the server drops (a restart, an administrator) is an error on the pool, not a crash
  pool.on('error', () => undefined);
  const run = async <Row>(client: Pool | PoolClient, sql: string, params: readonly unknown[]): Promise<Row[]> => (await client.query(sql, [...params])).rows as Row[];
  return {
    kind: 'postgres',
    query: (sql, params = []) => run(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params = []) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
