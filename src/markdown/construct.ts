// What a description's Markdown holds outside the supported set: the one shape both finders give
// (markdown-it's parse in constructs.ts, the exact subset finder in link-finder.ts).

/** A Markdown construct outside the set descriptions support, with its offsets in the Markdown text. */
export interface Construct {
  name: ConstructName;
  start: number;
  end: number;
}

export type ConstructName = 'table' | 'image' | 'link' | 'autolink' | 'raw HTML block' | 'raw HTML tag' | 'block quote' | 'strikethrough';
