// How `swaglint render` lays out an OpenAPI 3 page: its components, webhooks and Markdown (CommonMark).
import type { RenderFlavour } from '../../markdown/render-document.js';
import { methods } from './kinds.js';

const components = (doc: Record<string, unknown>): Record<string, unknown> => {
  const value = doc['components'];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

export const openapi3Render: RenderFlavour = {
  methods,
  dialect: 'commonmark',
  schemasRef: '#/components/schemas/',
  schemas: (doc) => components(doc)['schemas'],
  securitySchemes: (doc) => components(doc)['securitySchemes'],
  moreOperations: (item) => item['additionalOperations'],
  webhooks: (doc) => doc['webhooks'],
  components: { of: (doc) => doc['components'], listed: ['responses', 'parameters', 'requestBodies', 'headers', 'examples', 'links', 'callbacks', 'pathItems'] },
  infoSummary: true,
  responseColumn: 'Content',
};
