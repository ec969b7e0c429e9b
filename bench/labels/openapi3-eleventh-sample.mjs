#!/usr/bin/env node
// Draws the rows of bench/labels/openapi3-eleventh.tsv (before they were labelled; README.md, "An eleventh
// OpenAPI 3 set, held out"): the ninth set's design (draw-segments.mjs) with its own seed, mulberry32
// 20261201 + the source name's length; 20 uniform, 6 of cell A and up to 12 of cell S per source, a source of
// at most 70 segments taken whole. Each cell of a source is weighted by its own population over its labelled
// rows, so the oversampling of cells A and S moves no estimate's expectation.
//   node bench/labels/openapi3-eleventh-sample.mjs [--context <file>] [folder of materialised documents, default bench/.real-apis]
import { drawSegments } from './draw-segments.mjs';

drawSegments({ documents: 'openapi3-eleventh-documents.tsv', seed: 20261201, uniform: 20, actionCell: 6, indexedSingular: 12 });
