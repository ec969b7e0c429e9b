import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The service's own Swagger 2.0 description (api/swagger.json in the package), read once. */
export const descriptionFile = fileURLToPath(new URL('../../api/swagger.json', import.meta.url));

let description: unknown;

export function serviceDescription(): unknown {
  description ??= JSON.parse(readFileSync(descriptionFile, 'utf8')) as unknown;
  return description;
}
