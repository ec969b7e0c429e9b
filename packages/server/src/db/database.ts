import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient } from 'pg';
import { UserError } from '../linter.js';

// One small interface over both databases the service runs on: PGlite embedded in a data folder
// (the default, no set-up) and a PostgreSQL server through `pg` (several instances share it). Both
// speak the same SQL, so the migrations and every query are written once.

/** What queries run on: the database itself, or one transaction. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * A query whose json and jsonb columns come back as their text, unparsed: for a row whose data is a
   * bundle of megabytes that another thread parses (jobs/worker.ts), not this event loop.
   */
  queryJsonText<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's type ids of json and jsonb. */
const jsonOid = 114;
const jsonbOid = 3802;

/** `postgres://` or `postgresql://` URLs go to a server; anything else is a PGlite data folder. */
export async function openDatabase(target: { url: string } | { dataDir: string }, purpose: LockPurpose = 'serve'): Promise<Database> {
  return 'url' in target ? openPostgres(target.url) : openPglite(target.dataDir, purpose);
}

/** Who holds a data folder: a service, or `--create-token`, which holds it for a moment only. */
export type LockPurpose = 'serve' | 'token';

/** How long a service starting waits for a `--create-token` that holds its folder (the quick start pastes the two together). */
const tokenHoldMs = 30_000;

/**
 * PGlite is PostgreSQL in this process: two processes on one data folder would corrupt it, and
 * PGlite does not stop them. A lock file with the owner's pid does; one left by a dead process is taken over.
 */
async function lockDataDir(dataDir: string, purpose: LockPurpose): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, 'swaglint-serve.lock');
  const deadline = Date.now() + tokenHoldMs;
  for (let attempt = 0; attempt < 2; ) {
    try {
      writeFileSync(lock, `${process.pid} ${purpose}`, { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lock);
      // released between our attempt and the read (a --create-token pasted with serve ends just then): try again
      if (holder === undefined && Date.now() < deadline) continue;
      const [pid, held = 'serve'] = (holder ?? '').trim().split(' ');
      const owner = Number(pid);
      if (alive(owner)) {
        if (held === 'token' && Date.now() < deadline) {
          await sleep(100);
          continue;
        }
        throw new UserError(`the data folder ${dataDir} is in use by another swaglint serve (pid ${owner}); stop it, or give this one another --data.`);
      }
      rmSync(lock, { force: true });
      attempt++;
    }
  }
  throw new UserError(`cannot lock the data folder ${dataDir}.`);
}

/** The lock file's text, or undefined when it is gone. */
function readHolder(lock: string): string | undefined {
  try {
    return readFileSync(lock, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(dataDir: string, purpose: LockPurpose): Promise<Database> {
  const unlock = await lockDataDir(dataDir, purpose);
  const { PGlite } = await import('@electric-sql/pglite');
  let db: InstanceType<typeof PGlite>;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
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
    queryJsonText: <Row>(sql: string, params: readonly unknown[] = []) => serialize(async () => (await db.query<Row>(sql, [...params], { parsers: { [jsonOid]: String, [jsonbOid]: String } })).rows),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      serialize(() => db.transaction(async (tx) => work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, [...params])).rows }))),
    close: () => serialize(() => db.close()).finally(unlock),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // a connection the server drops (a restart, an administrator) is an error on the pool, not a crash
  pool.on('error', () => undefined);
  const run = async <Row>(client: Pool | PoolClient, sql: string, params: readonly unknown[]): Promise<Row[]> => (await client.query(sql, [...params])).rows as Row[];
  // json and jsonb as text; every other type as pg parses it
  const jsonText = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === jsonOid || oid === jsonbOid ? String : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser };
  return {
    kind: 'postgres',
    query: (sql, params = []) => run(pool, sql, params),
    queryJsonText: async (sql, params = []) => (await pool.query({ text: sql, values: [...params], types: jsonText })).rows,
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
