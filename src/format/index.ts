import type { Formatter } from './types.js';

/** Every output format; each lives in its own module, loaded only when asked for. */
export const formatNames = ['stylish', 'json'] as const;
export type FormatName = (typeof formatNames)[number];

const loaders: Record<FormatName, () => Promise<Formatter>> = {
  stylish: async () => (await import('./stylish.js')).stylish,
  json: async () => (await import('./json.js')).json,
};

export function isFormatName(name: string): name is FormatName {
  return (formatNames as readonly string[]).includes(name);
}

export async function getFormatter(name: FormatName): Promise<Formatter> {
  return loaders[name]();
}
