// A temporary PostgreSQL cluster from Debian's postgresql package (initdb and pg_ctl from
// /usr/lib/postgresql/<version>/bin), run as the postgres user when the tests run as root, since
// PostgreSQL refuses to run as root. It listens on 127.0.0.1 only, on a free port.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { removeScratch, scratchDir } from './scratch.js';

export interface Cluster {
  url: string;
  stop(): void;
  /** Stops the server and keeps its data: a restart's first half. */
  pause(): void;
  /** Starts it again on the same port, with the same data. */
  resume(): void;
}

/** The newest installed server's bin folder, or undefined. */
function serverBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

/** Why the PostgreSQL tests cannot run here, or false when they can (or must, under CI). */
export function skipWithoutPostgres(): string | false {
  if (process.env['CI'] === 'true') return false;
  if (!serverBin()) return 'PostgreSQL is not installed (apt-get install postgresql); skipping the PostgreSQL tests';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root without a postgres user to run the server as; skipping the PostgreSQL tests';
  return false;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startCluster(): Promise<Cluster> {
  const bin = serverBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  // in memory when there is room (helpers/scratch.ts): initdb writes some 40 MB
  const dir = scratchDir('swaglint-pg');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'swaglint', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: the tests kill service instances, not the database server
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`, 'start']);
  start();
  return {
    url: `postgres://swaglint@127.0.0.1:${port}/postgres`,
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        removeScratch(dir);
      }
    },
  };
}
