// A temporary PostgreSQL cluster from Debian's postgresql package (initdb and pg_ctl from
// /usr/lib/postgresql/<version>/bin), run as the postgres user when the tests run as root, since
// PostgreSQL refuses to run as root. It listens on 127.0.0.1 only, on a free port.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
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

/** Runs one of the server's programs, as the postgres user when the tests run as root. */
type Runner = (command: string, args: string[]) => void;

function runner(bin: string, asRoot: boolean): Runner {
  return (command, args) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
  };
}

/** The postgres user's uid and gid, which a folder initdb writes in must belong to. */
function postgresOwner(): [number, number] {
  return [Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())];
}

const initdbOptions = ['-U', 'swaglint', '-A', 'trust', '-E', 'UTF8', '--no-sync'];

/**
 * A data folder initdb made, kept between test files and runs (beside the PGlite template, outside a
 * run's own temporary folder) and copied for each cluster: initdb costs 0.9 s of CPU, a copy 0.1 s.
 * The copy is the same files a fresh initdb with these options writes. Keyed by the user, the
 * server's version and the options.
 */
function templateData(bin: string, run: Runner, asRoot: boolean): string {
  const keep = process.env['SWAGLINT_TEST_KEEP'] ?? tmpdir();
  // the user's own (root's belongs to postgres and is closed to others)
  const template = path.join(keep, `swaglint-pg-template-${process.getuid?.() ?? 0}-${path.basename(path.dirname(bin))}-${initdbOptions.join('').replace(/[^A-Za-z0-9]/g, '')}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const fresh = mkdtempSync(path.join(keep, 'swaglint-pg-template-new-'));
  try {
    if (asRoot) chownSync(fresh, ...postgresOwner());
    run('initdb', ['-D', path.join(fresh, 'data'), ...initdbOptions]);
    renameSync(path.join(fresh, 'data'), template);
  } catch (error) {
    // another test file made it at the same time: use theirs
    if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
  return template;
}

export async function startCluster(): Promise<Cluster> {
  const bin = serverBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  // in memory when there is room (helpers/scratch.ts)
  const dir = scratchDir('swaglint-pg');
  const asRoot = process.getuid?.() === 0;
  const run = runner(bin, asRoot);
  if (asRoot) chownSync(dir, ...postgresOwner());
  const data = path.join(dir, 'data');
  // -a keeps the owner (postgres) and the folder's mode, which the server checks
  execFileSync('cp', ['-a', templateData(bin, run, asRoot), data], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await freePort();
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
