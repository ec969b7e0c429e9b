import type { Formatter } from './types.js';

/** Every output format; each lives in its own module, loaded only when asked for. */
export const formatNames = ['stylish', 'compact', 'summary', 'json', 'sarif', 'junit', 'github', 'checkstyle', 'gitlab'] as const;
export type FormatName = (typeof formatNames)[number];

const loaders: Record<FormatName, () => Promise<Formatter>> = {
  stylish: async () => (await import('./stylish.js')).stylish,
  compact: async () => (await import('./compact.js')).compact,
  summary: async () => (await import('./summary.js')).summary,
  json: async () => (await import('./json.js')).json,
  sarif: async () => (await import('./sarif.js')).sarif,
  junit: async () => (await import('./junit.js')).junit,
  github: async () => (await import('./github.js')).github,
  checkstyle: async () => (await import('./checkstyle.js')).checkstyle,
  gitlab: async () => (await import('./gitlab.js')).gitlab,
};

export function isFormatName(name: string): name is FormatName {
  return (formatNames as readonly string[]).includes(name);
}

export async function getFormatter(name: FormatName): Promise<Formatter> {
  return loaders[name]();
}
