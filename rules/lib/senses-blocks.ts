// The layout of the WordNet table's file (dist/wordnet-senses.bin), shared by its writer
// (scripts/wordnet-table.ts) and its reader (lexicon.ts): a text head, whose last line is this prefix
// and a JSON list of [first word, compressed length] per block, then the blocks, each a Brotli-compressed run
// of this many sorted `word<TAB>counts` lines joined by newlines.
export const linesPerBlock = 256;
export const blocksLinePrefix = '#blocks ';
