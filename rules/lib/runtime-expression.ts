// OpenAPI 3's runtime expressions ("Runtime Expressions"): what a callback's key and a link's values may hold.

const source = "(?:header\\.[!#$%&'*+.^_`|~0-9A-Za-z-]+|query\\.[^{}]+|path\\.[^{}]+|body(?:#(?:/[^{}]*)?)?)";
const expression = new RegExp(`^\\$(?:url|method|statusCode|request\\.${source}|response\\.(?:header\\.[!#$%&'*+.^_\`|~0-9A-Za-z-]+|body(?:#(?:/[^{}]*)?)?))$`);

export function isRuntimeExpression(text: string): boolean {
  return expression.test(text);
}
