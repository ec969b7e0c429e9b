import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from './http/errors.js';
import { isStorable } from './db/storable.js';

/** What CI posts: the root document and every file its `$ref`s name, by path relative to one folder. */
export interface Bundle {
  root: string;
  files: Map<string, string>;
}

/** A bundle path: relative, forward slashes, no `..`, no empty or dot segment, nothing odd. */
const bundlePath = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function parseBundle(body: unknown, limits: { maxFiles: number }): Bundle {
  const value = body as { root?: unknown; files?: unknown } | null;
  if (typeof value !== 'object' || value === null || typeof value.root !== 'string' || typeof value.files !== 'object' || value.files === null || Array.isArray(value.files)) {
    throw badRequest('invalid-bundle', 'The body should be { "root": "api.yaml", "files": { "api.yaml": "<text>", ... } }.');
  }
  const files = new Map<string, string>();
  for (const [name, text] of Object.entries(value.files as Record<string, unknown>)) {
    if (!bundlePath.test(name) || name.length > 1024 || name.split('/').some((segment) => segment.length > 255)) throw badRequest('invalid-bundle', `'${name.slice(0, 200)}' is not a bundle path: use relative paths with forward slashes, no '..', segments of at most 255 characters.`);
    if (typeof text !== 'string') throw badRequest('invalid-bundle', `files['${name}'] should be the file's text.`);
    // PostgreSQL stores neither in text: refused here rather than failing after the whole lint
    if (!isStorable(text)) throw badRequest('invalid-bundle', `files['${name}'] holds a NUL character or a lone UTF-16 surrogate, which no API description needs; remove it.`);
    files.set(name, text);
  }
  // `a` and `a/b` cannot both be files: the first would have to be a folder
  for (const name of files.keys()) {
    for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) {
      if (files.has(name.slice(0, slash))) throw badRequest('invalid-bundle', `'${name.slice(0, slash)}' is both a file and the folder of '${name.slice(0, 200)}'.`);
    }
  }
  if (files.size > limits.maxFiles) throw badRequest('invalid-bundle', `The bundle has ${files.size} files, over the limit of ${limits.maxFiles}.`);
  if (!files.has(value.root)) throw badRequest('invalid-bundle', `The root '${value.root.slice(0, 200)}' is not among the bundle's files.`);
  return { root: value.root, files };
}

/** Writes a bundle's files into the scratch folder `dir` (its paths were checked by parseBundle). */
export async function writeBundle(dir: string, bundle: Bundle): Promise<void> {
  for (const [name, text] of bundle.files) {
    const file = path.join(dir, ...name.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
