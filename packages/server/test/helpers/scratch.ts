// Where the lint service's tests keep their databases: PGlite data folders (39 MB, 1,034 files, copied
// for every service from a template kept in the temporary folder) and PostgreSQL clusters. On this
// machine's ext4 disk a copy of the template cost 0.8 to 1.2 s of CPU (the journal, the writeback); on a
// tmpfs 0.1 s. So a tmpfs (/dev/shm) when it has room to spare, else the usual temporary folder (a
// container's 64 MB /dev/shm has no room). For the tests a tmpfs is a file system like another: the
// same files, locks and renames.
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Room a tmpfs must have free: a few clusters and data folders at once, two test files side by side. */
const roomBytes = 2 * 1024 ** 3;

let root: string | undefined;

/** The folder the tests' databases go in. */
export function scratchRoot(): string {
  if (root !== undefined) return root;
  root = tmpdir();
  const shm = '/dev/shm';
  // npm test's own folder there already (scripts/test.js), removed when the run ends
  if (root.startsWith(`${shm}/`)) return root;
  try {
    accessSync(shm, constants.W_OK);
    const stats = statfsSync(shm);
    if (stats.bavail * stats.bsize >= roomBytes) root = shm;
  } catch {
    // no /dev/shm, or not writable: the temporary folder
  }
  return root;
}

/** True while a process of this id runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const made = new Set<string>();
let swept = false;

/**
 * A new folder `<prefix>-<pid>-XXXXXX` in the scratch root, removed when this process exits. In
 * memory a leaked folder costs RAM until the next boot, so the first call also removes folders of
 * this prefix whose process is gone (a run killed with -9 or a test that forgot its folder).
 */
export function scratchDir(prefix: string): string {
  const base = scratchRoot();
  if (!swept) {
    swept = true;
    for (const name of readdirSync(base)) {
      const owner = new RegExp(`^${prefix}-(\\d+)-`).exec(name);
      if (owner && !alive(Number(owner[1]))) rmSync(path.join(base, name), { recursive: true, force: true });
    }
  }
  const dir = mkdtempSync(path.join(base, `${prefix}-${process.pid}-`));
  made.add(dir);
  return dir;
}

/** Removes a folder scratchDir made, now rather than at exit. */
export function removeScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

process.on('exit', () => {
  for (const dir of made) if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
});
