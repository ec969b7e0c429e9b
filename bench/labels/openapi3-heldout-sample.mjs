#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-heldout.tsv (before they were labelled; README.md, "A second
// OpenAPI 3 set, held out"): the stratified draw of draw-segments.mjs with smaller draws (30, 12, 8) and its
// own seed.
//   node bench/labels/openapi3-heldout-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-heldout-documents.tsv', seed: 20261130, uniform: 30, actionCell: 12, indexedSingular: 8 });
