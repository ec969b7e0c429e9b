// A temporary PostgreSQL cluster for the job tests: started before the file's tests with a token of the
// given roles and a client on its database; every `serve` process started through it is killed after.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { startCluster, type Cluster } from './postgres.js';
import { cli, startServe, type ServeProcess } from './processes.js';

export interface JobCluster {
  /** The token `--create-token` made (empty when the file is skipped). */
  readonly token: string;
  readonly db: pg.Client;
  /** The cluster's database URL. */
  readonly url: string;
  /** `swaglint serve` with these arguments on the cluster's database. */
  serve(args: string[]): Promise<ServeProcess>;
}

export function jobCluster(skip: string | false, tokenName: string, roles: readonly string[]): JobCluster {
  let cluster: Cluster | undefined;
  let db: pg.Client | undefined;
  let token = '';
  const running: ServeProcess[] = [];
  before(async () => {
    if (skip) return;
    cluster = await startCluster();
    const created = spawnSync(process.execPath, [cli, 'serve', '--database', cluster.url, '--create-token', tokenName, ...roles.flatMap((r) => ['--role', r])], { encoding: 'utf8' });
    assert.equal(created.status, 0, created.stderr);
    token = created.stdout.trim();
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
  });
  after(async () => {
    await Promise.all(running.map((p) => p.kill()));
    await db?.end();
    cluster?.stop();
  });
  return {
    get token() { return token; },
    get db() { return db!; },
    get url() { return cluster!.url; },
    async serve(args) {
      const started = await startServe(cluster!.url, args);
      running.push(started);
      return started;
    },
  };
}
