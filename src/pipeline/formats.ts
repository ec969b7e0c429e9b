// The formats as the edges ask about them without linting: whether an editor's file is worth linting.
export { formats } from '../formats/index.js';
export { hasVersionFieldAtTop } from '../formats/sniff.js';
