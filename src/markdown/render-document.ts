import { escapeHtml as esc, renderDescription } from './render.js';
import type { MarkdownDialect } from './dialect.js';

/**
 * A Swagger 2.0 or OpenAPI 3.0–3.2 document as the parsers return it (`JSON.parse`, js-yaml, or
 * `load(...).root.value`): plain objects. Local `$ref`s (`#/definitions/Order`,
 * `#/components/schemas/Order`) become links inside the page; a `$ref` to another file is shown as
 * written, not followed.
 */
export type SwaggerDocument = Record<string, unknown>;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const entries = (v: unknown): Array<[string, unknown]> => (isObj(v) ? Object.entries(v).filter(([k]) => !k.startsWith('x-')) : []);

/**
 * What differs between the formats on the page: where things live, and which Markdown descriptions
 * are. Each format gives its own (`ApiFormat.render`, src/formats/): the page knows no format.
 */
export interface RenderFlavour {
  /** The operation keys of a path item, in the order the page lists them. */
  methods: readonly string[];
  /** Markdown as the format's specification names it: GFM for Swagger 2.0, CommonMark for OpenAPI 3. */
  dialect: MarkdownDialect;
  /** Where the named schemas live, as a `$ref` names them: `#/definitions/`. */
  schemasRef: string;
  schemas: (doc: Record<string, unknown>) => unknown;
  securitySchemes: (doc: Record<string, unknown>) => unknown;
  /** A path item's operations for methods without a field of their own, keyed by method (OpenAPI 3.2's `additionalOperations`). */
  moreOperations?: (item: Record<string, unknown>) => unknown;
  /** The path items the API calls, not serves (OpenAPI 3.1's `webhooks`): listed after the paths. */
  webhooks?: (doc: Record<string, unknown>) => unknown;
  /** The other named objects listed beside the schemas and security schemes, and where they live (`components`). */
  components?: { of: (doc: Record<string, unknown>) => unknown; listed: readonly string[] };
  /** Whether the info block shows `info.summary`, or else the host, base path, schemes and media types of the top level. */
  infoSummary: boolean;
  /** The heading of a response's middle column: what a response holds. */
  responseColumn: 'Content' | 'Schema';
}

/**
 * One self-contained HTML page for a document: inline CSS, no script, nothing fetched (a Content
 * Security Policy says so to the browser too), every description rendered by the Markdown instance
 * the `description-markdown` rule checks with (as CommonMark for OpenAPI 3, GFM for Swagger 2.0), and
 * every other text from the document escaped.
 */
export function renderPage(doc: SwaggerDocument, flavour: RenderFlavour): string {
  return new Page(doc, flavour).html();
}

interface Op {
  id: string;
  method: string;
  path: string;
  op: Obj;
  item: Obj;
}

class Page {
  private readonly ops: Op[] = [];
  private readonly hooks: Op[] = [];

  constructor(
    private readonly doc: Obj,
    private readonly flavour: RenderFlavour,
  ) {
    const collect = (items: unknown, into: Op[], prefix: string) => {
      for (const [path, raw] of entries(items)) {
        const item = this.deref(raw) ?? (isObj(raw) ? raw : undefined);
        if (!item) continue;
        for (const method of flavour.methods) {
          const op = item[method];
          if (isObj(op)) into.push({ id: `${prefix}-${into.length + 1}`, method, path, op, item });
        }
        for (const [method, op] of entries(flavour.moreOperations?.(item))) if (isObj(op)) into.push({ id: `${prefix}-${into.length + 1}`, method: method.toLowerCase(), path, op, item });
      }
    };
    collect(doc['paths'], this.ops, 'op');
    if (flavour.webhooks) collect(flavour.webhooks(doc), this.hooks, 'hook');
  }

  /** A description as Markdown of the document's format; nothing for none. */
  private md(value: unknown): string {
    return typeof value === 'string' && value.trim() !== '' ? `<div class="md">${renderDescription(value, this.flavour.dialect)}</div>` : '';
  }

  private externalDocs(value: unknown): string {
    if (!isObj(value)) return '';
    return `<p class="external-docs">${this.md(value['description'])}<code>${esc(str(value['url']))}</code></p>`;
  }

  html(): string {
    const info = isObj(this.doc['info']) ? this.doc['info'] : {};
    const title = str(info['title']) || 'API';
    const nav = (list: Op[]) => list.map((o) => `<li><a href="#${o.id}"><span class="method ${o.method}">${o.method.toUpperCase()}</span> ${esc(o.path)}</a></li>`).join('\n');
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="swaglint render">
<title>${esc(title)}${info['version'] !== undefined ? ` ${esc(str(info['version']))}` : ''}</title>
<style>${css}</style>
</head>
<body>
<nav aria-label="Operations">
<h2>Operations</h2>
<ul>
${nav(this.ops)}
</ul>
${this.hooks.length ? `<h2>Webhooks</h2>\n<ul>\n${nav(this.hooks)}\n</ul>` : ''}
</nav>
<main>
${this.infoBlock(info, title)}
${this.tags()}
${this.paths(this.ops, 'paths', undefined)}
${this.hooks.length ? this.paths(this.hooks, 'webhooks', 'Webhooks') : ''}
${this.definitions()}
${this.security()}
${this.flavour.components ? this.otherComponents(this.flavour.components) : ''}
</main>
</body>
</html>
`;
  }

  private infoBlock(info: Obj, title: string): string {
    const facts: string[] = [];
    if (info['version'] !== undefined) facts.push(fact('Version', esc(str(info['version']))));
    if (this.flavour.infoSummary) {
      if (info['summary'] !== undefined) facts.push(fact('Summary', esc(str(info['summary']))));
    } else {
      const base = `${str(this.doc['host'])}${str(this.doc['basePath'])}`;
      if (base) facts.push(fact('Base URL', `<code>${esc(base)}</code>`));
      if (Array.isArray(this.doc['schemes'])) facts.push(fact('Schemes', esc(this.doc['schemes'].map(str).join(', '))));
      for (const key of ['consumes', 'produces']) if (Array.isArray(this.doc[key])) facts.push(fact(key === 'consumes' ? 'Consumes' : 'Produces', esc((this.doc[key] as unknown[]).map(str).join(', '))));
    }
    const contact = isObj(info['contact']) ? info['contact'] : undefined;
    if (contact) facts.push(fact('Contact', esc([contact['name'], contact['email'], contact['url']].filter((v) => v !== undefined).map(str).join(' · '))));
    const license = isObj(info['license']) ? info['license'] : undefined;
    if (license) facts.push(fact('License', esc([license['name'], license['identifier'], license['url']].filter((v) => v !== undefined).map(str).join(' · '))));
    if (info['termsOfService'] !== undefined) facts.push(fact('Terms of service', esc(str(info['termsOfService']))));
    return `<header id="info">
<h1>${esc(title)}</h1>
${facts.length ? `<dl class="facts">${facts.join('')}</dl>` : ''}
${this.md(info['description'])}
${this.servers(this.doc['servers'], 'servers')}
</header>`;
  }

  /** OpenAPI 3's `servers`: each URL, its description, and its variables (default, enum). */
  private servers(list: unknown, id?: string): string {
    const servers = Array.isArray(list) ? list.filter(isObj) : [];
    if (servers.length === 0) return '';
    const rows = servers.map((s) => {
      const variables = entries(s['variables']).map(([name, raw]) => {
        const v = isObj(raw) ? raw : {};
        const values = Array.isArray(v['enum']) ? `, one of ${v['enum'].map((e) => `<code>${esc(str(e))}</code>`).join(', ')}` : '';
        return `<li><code>{${esc(name)}}</code> default <code>${esc(str(v['default']))}</code>${values}${this.md(v['description'])}</li>`;
      });
      return `<tr><td><code>${esc(str(s['url']))}</code></td><td>${this.md(s['description'])}${variables.length ? `<ul class="variables">${variables.join('')}</ul>` : ''}</td></tr>`;
    });
    return `<table class="servers"${id ? ` id="${id}"` : ''}><thead><tr><th>Server</th><th>Description</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`;
  }

  private tags(): string {
    const tags = Array.isArray(this.doc['tags']) ? this.doc['tags'].filter(isObj) : [];
    if (tags.length === 0) return '';
    return `<section id="tags">
<h2>Tags</h2>
${tags.map((t) => `<div class="tag"><h3>${esc(str(t['name']))}</h3>${this.md(t['description'])}${this.externalDocs(t['externalDocs'])}</div>`).join('\n')}
</section>`;
  }

  private paths(ops: Op[], id: string, heading: string | undefined): string {
    const out: string[] = [];
    let current: string | undefined;
    for (const o of ops) {
      if (o.path !== current) {
        if (current !== undefined) out.push('</section>');
        out.push(`<section class="path"><h2 class="path-name">${esc(o.path)}</h2>${this.md(o.item['description'])}`);
        current = o.path;
      }
      out.push(this.operation(o));
    }
    if (current !== undefined) out.push('</section>');
    return `<section id="${id}">\n${heading ? `<h2>${heading}</h2>\n` : ''}${out.join('\n')}\n</section>`;
  }

  private operation(o: Op): string {
    const { op } = o;
    const tags = Array.isArray(op['tags']) ? op['tags'].map((t) => `<span class="tag-name">${esc(str(t))}</span>`).join(' ') : '';
    const params = [...(Array.isArray(o.item['parameters']) ? o.item['parameters'] : []), ...(Array.isArray(op['parameters']) ? op['parameters'] : [])];
    const responses = entries(op['responses']);
    return `<article class="operation" id="${o.id}">
<h3><span class="method ${o.method}">${o.method.toUpperCase()}</span> <span class="path-name">${esc(o.path)}</span>${op['deprecated'] === true ? ' <span class="deprecated">deprecated</span>' : ''}</h3>
${op['summary'] !== undefined ? `<p class="summary">${esc(str(op['summary']))}</p>` : ''}
${tags ? `<p class="tags">${tags}</p>` : ''}
${op['operationId'] !== undefined ? `<p class="operation-id">operationId <code>${esc(str(op['operationId']))}</code></p>` : ''}
${this.md(op['description'])}
${this.servers(op['servers'])}
${params.length ? this.parameters(params) : ''}
${op['requestBody'] !== undefined ? this.requestBody(op['requestBody']) : ''}
${responses.length ? this.responses(responses) : ''}
</article>`;
  }

  private parameters(list: unknown[]): string {
    const rows = list.map((raw) => {
      const p = this.deref(raw);
      if (!p) return `<tr><td colspan="5">${refLink(raw)}</td></tr>`;
      const type = p['in'] === 'body' ? this.schemaType(p['schema']) : p['schema'] !== undefined ? this.schemaType(p['schema']) : p['content'] !== undefined ? this.content(p['content']) : typeText(p);
      return `<tr><td><code>${esc(str(p['name']))}</code></td><td>${esc(str(p['in']))}</td><td>${type}</td><td>${p['required'] === true ? 'yes' : 'no'}</td><td>${this.md(p['description'])}</td></tr>`;
    });
    return `<h4>Parameters</h4>
<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`;
  }

  /** OpenAPI 3's request body: whether it is required, its description, and each media type's schema. */
  private requestBody(raw: unknown): string {
    const body = this.deref(raw);
    if (!body) return `<h4>Request body</h4>\n<p>${refLink(raw)}</p>`;
    return `<h4>Request body${body['required'] === true ? ' <span class="required">required</span>' : ''}</h4>
${this.md(body['description'])}
${this.content(body['content'])}`;
  }

  /** A `content` map: each media type with its schema, as a list. */
  private content(raw: unknown): string {
    const media = entries(raw);
    if (media.length === 0) return '';
    return `<ul class="content">${media.map(([type, m]) => `<li><code class="media-type">${esc(type)}</code>${isObj(m) && m['schema'] !== undefined ? ` ${this.schemaType(m['schema'])}` : ''}</li>`).join('')}</ul>`;
  }

  private responses(list: Array<[string, unknown]>): string {
    const rows = list.map(([code, raw]) => {
      const r = this.deref(raw);
      if (!r) return `<tr><td><code>${esc(code)}</code></td><td colspan="2">${refLink(raw)}</td></tr>`;
      const body = r['schema'] !== undefined ? this.schemaType(r['schema']) : r['content'] !== undefined ? this.content(r['content']) : '';
      return `<tr><td><code>${esc(code)}</code></td><td>${body}</td><td>${this.md(r['description'])}</td></tr>`;
    });
    return `<h4>Responses</h4>
<table><thead><tr><th>Status</th><th>${this.flavour.responseColumn}</th><th>Description</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`;
  }

  private definitions(): string {
    const defs = entries(this.flavour.schemas(this.doc));
    if (defs.length === 0) return '';
    return `<section id="definitions">
<h2>Schemas</h2>
${defs.map(([name, schema]) => this.schemaBlock(name, schema)).join('\n')}
</section>`;
  }

  private schemaBlock(name: string, raw: unknown): string {
    const schema = isObj(raw) ? raw : {};
    const props = isObj(schema['properties']) ? Object.entries(schema['properties']) : [];
    const required = new Set(Array.isArray(schema['required']) ? schema['required'].map(str) : []);
    const rows = props.map(([prop, s]) => {
      const ps = isObj(s) ? s : {};
      return `<tr><td><code>${esc(prop)}</code></td><td>${this.schemaType(s)}</td><td>${required.has(prop) ? 'yes' : 'no'}</td><td>${this.md(ps['description'])}</td></tr>`;
    });
    return `<div class="schema" id="${definitionId(name)}">
<h3>${esc(name)} <span class="type">${this.schemaType(schema, false)}</span></h3>
${this.md(schema['description'])}
${rows.length ? `<table><thead><tr><th>Property</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table>` : ''}
</div>`;
  }

  private security(): string {
    const defs = entries(this.flavour.securitySchemes(this.doc));
    if (defs.length === 0) return '';
    const rows = defs.map(([name, raw]) => {
      const s = this.deref(raw) ?? {};
      return `<tr><td><code>${esc(name)}</code></td><td>${esc(str(s['type']))}</td><td>${securityWhere(s)}</td><td>${this.md(s['description'])}</td></tr>`;
    });
    return `<section id="security">
<h2>Security schemes</h2>
<table><thead><tr><th>Name</th><th>Type</th><th>Where</th><th>Description</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
  }

  /** The other named objects (OpenAPI 3's components), by name and kind, with their descriptions. */
  private otherComponents(where: NonNullable<RenderFlavour['components']>): string {
    const found = where.of(this.doc);
    const all = isObj(found) ? found : {};
    const rows = where.listed.flatMap((kind) =>
      entries(all[kind]).map(([name, raw]) => {
        const value = this.deref(raw) ?? (isObj(raw) ? raw : {});
        return `<tr><td><code>${esc(name)}</code></td><td>${kind}</td><td>${this.md(value['description'])}</td></tr>`;
      }),
    );
    if (rows.length === 0) return '';
    return `<section id="components">
<h2>Other components</h2>
<table><thead><tr><th>Name</th><th>Kind</th><th>Description</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
  }

  /** A local `$ref` followed (through chains, at most a few steps); `undefined` for one that is not. */
  private deref(raw: unknown): Obj | undefined {
    let value = raw;
    for (let hops = 0; hops < 8 && isObj(value) && typeof value['$ref'] === 'string'; hops++) {
      const ref = value['$ref'] as string;
      if (!ref.startsWith('#/')) return undefined;
      value = ref
        .slice(2)
        .split('/')
        .map((s) => pointerToken(s))
        .reduce<unknown>((v, key) => (isObj(v) && Object.prototype.hasOwnProperty.call(v, key) ? v[key] : undefined), this.doc);
    }
    return isObj(value) && typeof value['$ref'] !== 'string' ? value : undefined;
  }

  /** A schema in a few words: `Order` (a link), `array of Order`, `string (date-time)`, `object`. */
  private schemaType(raw: unknown, link = true): string {
    if (!isObj(raw)) return '';
    const ref = raw['$ref'];
    if (typeof ref === 'string') {
      const name = ref.startsWith(this.flavour.schemasRef) && !ref.slice(this.flavour.schemasRef.length).includes('/') ? pointerToken(ref.slice(this.flavour.schemasRef.length)) : undefined;
      return name && link ? `<a href="#${definitionId(name)}">${esc(name)}</a>` : `<code>${esc(name ?? ref)}</code>`;
    }
    if (raw['type'] === 'array' || (Array.isArray(raw['type']) && raw['type'].includes('array') && raw['items'] !== undefined)) return `array of ${this.schemaType(raw['items']) || 'any'}`;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      if (Array.isArray(raw[key])) return raw[key].map((s) => this.schemaType(s)).join(key === 'allOf' ? ' and ' : ' or ');
    }
    if (raw['type'] === undefined && isObj(raw['properties'])) return 'object';
    if (raw['type'] === 'object' && isObj(raw['additionalProperties'])) return `map of ${this.schemaType(raw['additionalProperties'])}`;
    return typeText(raw);
  }
}

/** Where a security scheme's credentials go: Swagger 2.0's and OpenAPI 3's kinds. */
function securityWhere(s: Obj): string {
  switch (s['type']) {
    case 'apiKey':
      return `${esc(str(s['in']))} <code>${esc(str(s['name']))}</code>`;
    case 'oauth2':
      return isObj(s['flows']) ? esc(Object.keys(s['flows']).filter((k) => !k.startsWith('x-')).join(', ')) : esc(str(s['flow']));
    case 'http':
      return `${esc(str(s['scheme']))}${s['bearerFormat'] !== undefined ? ` (${esc(str(s['bearerFormat']))})` : ''}`;
    case 'openIdConnect':
      return `<code>${esc(str(s['openIdConnectUrl']))}</code>`;
    default:
      return '';
  }
}

function typeText(s: Obj): string {
  if (s['type'] === 'array' && isObj(s['items'])) return `array of ${typeText(s['items'])}`;
  // 3.1 writes a choice of types as a list (`[string, 'null']`); 3.0 says `nullable: true`
  let text = esc(Array.isArray(s['type']) ? s['type'].map(str).join(' or ') : str(s['type']) || 'any');
  if (s['nullable'] === true) text += ' or null';
  if (s['format'] !== undefined) text += ` (${esc(str(s['format']))})`;
  if (Array.isArray(s['enum'])) text += `, one of ${s['enum'].map((v) => `<code>${esc(str(v))}</code>`).join(', ')}`;
  return text;
}

function refLink(raw: unknown): string {
  return isObj(raw) && typeof raw['$ref'] === 'string' ? `<code>${esc(raw['$ref'])}</code>` : '';
}

function fact(name: string, html: string): string {
  return `<dt>${name}</dt><dd>${html}</dd>`;
}

/** An id that is valid and unique for any definition name (names may hold spaces, quotes, slashes). */
function definitionId(name: string): string {
  return 'def-' + encodeURIComponent(name).replace(/[!'()*%]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
}

const css = `
:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--code:#f6f8fa;--get:#0969da;--post:#1a7f37;--put:#9a6700;--delete:#cf222e;--patch:#8250df;--other:#59636e}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);display:grid;grid-template-columns:minmax(220px,300px) 1fr}
nav{position:sticky;top:0;height:100vh;overflow:auto;border-right:1px solid var(--line);padding:1rem;font-size:13px;background:#fafbfc}
nav h2{font-size:14px;margin:0 0 .5rem}
nav ul{list-style:none;margin:0;padding:0}
nav li{margin:.15rem 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav a{color:var(--fg);text-decoration:none}
nav a:hover{text-decoration:underline}
main{padding:1.5rem 2.5rem;max-width:1100px;min-width:0}
h1{margin-top:0}
h2{border-bottom:1px solid var(--line);padding-bottom:.3rem;margin-top:2rem}
.path>h2{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:1.1rem;border:0;margin-bottom:.5rem}
.operation{border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
.operation h3{margin:.1rem 0 .4rem;font-size:1rem}
.path-name{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .35em;font:600 12px/1.6 ui-monospace,monospace;color:#fff;background:var(--other)}
.method.get{background:var(--get)}.method.post{background:var(--post)}.method.put{background:var(--put)}.method.delete{background:var(--delete)}.method.patch{background:var(--patch)}
.deprecated{color:var(--delete);font-size:12px;text-transform:uppercase}
.summary{margin:.2rem 0;font-weight:600}
.tags,.operation-id{margin:.2rem 0;color:var(--muted);font-size:13px}
.tag-name{border:1px solid var(--line);border-radius:1em;padding:0 .5em}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:14px}
th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}
td .md>:first-child{margin-top:0}td .md>:last-child{margin-bottom:0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;background:var(--code);border-radius:4px}
code{padding:.1em .3em}
pre{padding:.6rem .8rem;overflow:auto}pre code{padding:0;background:none}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0 0 1rem}
.facts dt{color:var(--muted)}.facts dd{margin:0}
.schema{margin:1rem 0}.schema h3 .type{font-weight:400;color:var(--muted);font-size:14px}
.image{color:var(--muted)}
.servers td:first-child{white-space:nowrap}.variables{margin:.3rem 0;padding-left:1.2rem}
.content{list-style:none;margin:0;padding:0}.media-type{font-weight:600}
.required{color:var(--delete);font-size:12px;text-transform:uppercase}
@media (max-width:800px){body{display:block}nav{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}}
`;

/**
 * One JSON Pointer token of a `$ref`, percent-decoded then unescaped. A malformed escape (`%`, `%zz`)
 * is kept as written: the page names what the document says, and a document's typo is no crash.
 */
function pointerToken(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // not percent-encoding: literal text
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}
