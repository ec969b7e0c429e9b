#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-apis.tsv (before they were labelled; README.md, "OpenAPI 3 set"):
// the stratified draw of draw-segments.mjs, 45 at random, 20 more of cell A, 15 more of cell S.
//   node bench/labels/openapi3-apis-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-apis-documents.tsv', seed: 20261129, uniform: 45, actionCell: 20, indexedSingular: 15 });
