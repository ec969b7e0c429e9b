import type { Diagnostic } from '../types.js';
import type { LoadedDocument } from '../load/refs.js';

/**
 * One stage of the filter stage: the findings kept, given the document they are about. A stage
 * never adds findings (the `unused-ignore` rule reports through the engine's post-filter hook).
 */
export type Filter = (findings: Diagnostic[], document: LoadedDocument) => Diagnostic[];
