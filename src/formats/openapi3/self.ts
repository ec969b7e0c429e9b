// OpenAPI 3.2's `$self`: the URI a document names itself by, which is also its base URI for the
// relative references in it (the specification's "Establishing the Base URI"). The loader resolves
// `$ref`s against it (ResolveOptions.selfUri); the official schema reports an invalid one (schema-valid).
import { isObject } from '../../json.js';
import { openapiVersion, selfField } from './version.js';

/** An RFC 3986 URI reference without a fragment: its characters, percent-encoded octets, no `#`. */
const uriReference = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?[\]]|%[0-9A-Fa-f]{2})*$/;

/**
 * A document's `$self` when its version has the field and the value is a valid URI reference; else
 * undefined, and the document's base URI stays where it was read from (an invalid `$self` is the
 * validator's finding, not a reason to lose every `$ref`).
 */
export function selfUri(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const self = value['$self'];
  if (typeof self !== 'string' || self === '' || !uriReference.test(self)) return undefined;
  const version = openapiVersion(value);
  return version.ok && selfField(version.version) ? self : undefined;
}
