// Module customization hooks (node:module register) for a ruleset's JavaScript: an import of a
// Spectral package is answered by swaglint's own implementation, whatever the project installed.
// They run on Node's loader thread; the module they give back runs on the importing thread and reads
// what the loader put on its global (spectral-api.ts).

interface Data {
  /** Package name → the names it exports. */
  modules: Record<string, { key: string; names: string[] }>;
}

let modules: Data['modules'] = {};

export function initialize(data: Data): void {
  modules = data.modules;
}

const scheme = 'swaglint-spectral:';

/** The package a specifier names (`@stoplight/spectral-functions/dist/truthy` → its package). */
function packageOf(specifier: string): string | undefined {
  const m = /^(@stoplight\/[a-z-]+)(\/.*)?$/.exec(specifier);
  return m && m[1]! in modules ? m[1] : undefined;
}

type Next<T> = (specifier: string, context: unknown) => Promise<T>;

export async function resolve(specifier: string, context: unknown, next: Next<{ url: string }>): Promise<{ url: string; shortCircuit?: boolean }> {
  const name = packageOf(specifier);
  if (name) return { url: scheme + name, shortCircuit: true };
  return next(specifier, context);
}

export async function load(url: string, context: unknown, next: Next<unknown>): Promise<unknown> {
  if (!url.startsWith(scheme)) return next(url, context);
  const entry = modules[url.slice(scheme.length)]!;
  const lines = [`const api = globalThis[Symbol.for('swaglint.spectral-api')]?.[${JSON.stringify(entry.key)}];`, `if (!api) throw new Error('${url.slice(scheme.length)} is provided by swaglint only while it loads a Spectral ruleset');`, 'export default api;'];
  for (const n of entry.names) lines.push(`export const ${n} = api[${JSON.stringify(n)}];`);
  return { format: 'module', source: lines.join('\n'), shortCircuit: true };
}
