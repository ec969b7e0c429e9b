#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-fourth.tsv (before they were labelled; README.md, "A fourth
// OpenAPI 3 set, held out"): the stratified draw of draw-segments.mjs with its own seed and a larger draw of
// cell S (segments before a parameter, where the plural rule fires), so that plural precision rests on more
// than a handful of findings.
//   node bench/labels/openapi3-fourth-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-fourth-documents.tsv', seed: 20261202, uniform: 16, actionCell: 7, indexedSingular: 10 });
