// The functions of the loader a rule may call, and only these: where a pointer lies in a source's
// text, how a `$ref` is written, and whether a text escapes a `$`. They read a parsed source; none loads or resolves anything
// (that is the context's: `ctx.resolve`, `ctx.resolveRef`). test/rule-imports.test.ts pins this list,
// so a rule cannot come to depend on more of the loader without a reviewer seeing it.
export { rangeOf, subRange, offsetRange } from '../load/source.js';
export { closingQuote, scalarOffsets } from '../load/scalar-offsets.js';
export { locate, type Located } from '../load/positions.js';
export { refOf, splitRef } from '../load/refs.js';
export { escapesRefCharacter } from '../load/escaped-dollar.js';
export { isObject } from '../json.js';
