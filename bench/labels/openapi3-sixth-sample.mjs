#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-sixth.tsv (before they were labelled; README.md, "A sixth
// OpenAPI 3 set, held out"): the stratified draw of draw-segments.mjs with its own seed; 20 uniform (the
// fifth set drew 14: two of these five sources have no cell S at all, AdGuard Home no parameter), 6 of
// cell A and 10 of cell S per source, so that the set reaches about 150 rows.
//   node bench/labels/openapi3-sixth-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-sixth-documents.tsv', seed: 20261204, uniform: 20, actionCell: 6, indexedSingular: 10 });
