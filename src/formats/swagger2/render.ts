// How `swaglint render` lays out a Swagger 2.0 page: where its schemas live, its Markdown (GFM).
import type { RenderFlavour } from '../../markdown/render-document.js';
import { methods } from './kinds.js';

export const swagger2Render: RenderFlavour = {
  methods,
  dialect: 'gfm',
  schemasRef: '#/definitions/',
  schemas: (doc) => doc['definitions'],
  securitySchemes: (doc) => doc['securityDefinitions'],
  infoSummary: false,
  responseColumn: 'Schema',
};
