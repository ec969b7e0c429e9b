#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-seventh.tsv (before they were labelled; README.md, "A seventh
// OpenAPI 3 set, held out"): the stratified draw of draw-segments.mjs with its own seed; 20 uniform, 6 of
// cell A and up to 12 of cell S per source (the sixth set drew 10: the plural rule's precision before a
// parameter is what this set is for, and these five sources have only 26 segments of cell S, so every one
// not drawn already is taken; each cell is weighted by its own population), 151 rows in all.
//   node bench/labels/openapi3-seventh-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-seventh-documents.tsv', seed: 20261205, uniform: 20, actionCell: 6, indexedSingular: 12 });
