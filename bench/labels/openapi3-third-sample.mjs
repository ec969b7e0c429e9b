#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-third.tsv (before they were labelled; README.md, "A third
// OpenAPI 3 set, held out"): the stratified draw of draw-segments.mjs with smaller draws (20, 8, 5) and its
// own seed; a path item written as a `$ref` to another file (the Beacon API's) is read from that file.
//   node bench/labels/openapi3-third-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-third-documents.tsv', seed: 20261201, uniform: 20, actionCell: 8, indexedSingular: 5, followFileRefs: true });
