// Packages that only some runs need, required on first use rather than when the CLI starts: the CLI
// bundle keeps every npm package external (scripts/bundle-cli.ts), and an external package named by an
// `import` is required with the bundle, by every run. This module sits in dist/src/, beside the
// bundle, so the package resolves from node_modules bundled or not.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package's CommonJS exports, required on the first call (synchronously: rules run synchronously). */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
