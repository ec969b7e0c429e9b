// Its own module, without markdown-it's types: the library's public declarations (renderDescription,
// renderDocument) name it, and a consumer's compiler must not need markdown-it's types to read them.
/**
 * Which Markdown a description is: Swagger 2.0 names GitHub Flavored Markdown (CommonMark with tables
 * and strikethrough, among others), OpenAPI 3.0 and 3.1 name CommonMark alone, so a GFM table in an
 * OpenAPI 3 description is a paragraph of pipes to a tool that follows the specification.
 */
export type MarkdownDialect = 'gfm' | 'commonmark';
