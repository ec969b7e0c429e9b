// What the shims hand to a ruleset's JavaScript: swaglint's own implementations, put on a global by
// the loader (src/declarative/spectral-api.ts) before it imports any ruleset code. The shims are
// CommonJS so that both `import` and `require` in a ruleset reach the same objects.
export type SpectralApi = Record<string, Record<string, unknown>>;

export function api(module: string): Record<string, unknown> {
  const all = (globalThis as Record<symbol, SpectralApi | undefined>)[Symbol.for('swaglint.spectral-api')];
  const found = all?.[module];
  if (!found) throw new Error(`${module} is provided by swaglint only while it loads a Spectral ruleset`);
  return found;
}
