#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-fifth.tsv (before they were labelled; README.md, "A fifth
// OpenAPI 3 set, held out"): the stratified draw of draw-segments.mjs with its own seed and, as the fourth
// set, a larger draw of cell S (segments before a parameter), so that plural precision and recall rest on
// about ten such rows per source.
//   node bench/labels/openapi3-fifth-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-fifth-documents.tsv', seed: 20261203, uniform: 14, actionCell: 6, indexedSingular: 10 });
