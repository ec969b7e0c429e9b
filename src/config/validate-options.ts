import type { AnyRule } from '../lint/rule.js';
import { compileLinear } from '../text/linear-regex.js';
import { errorPointer, errorText } from '../config-file/schema-errors.js';

type Validator = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string; params?: Record<string, unknown> }> | null };

/** The first problem with a rule's options against its meta.options schema: where (pointer segments) and what. */
export interface OptionsProblem {
  pointer: string[];
  message: string;
}

/**
 * Validates rule options with ajv, compiled once per rule per load. ajv is loaded only when a config
 * gives options (about 30 ms of start-up a plain run does not pay).
 */
export class OptionsValidator {
  private readonly compiled = new Map<AnyRule, Validator>();
  private ajv: { compile(schema: object): Validator } | undefined;

  async check(rule: AnyRule, options: unknown): Promise<OptionsProblem | undefined> {
    const schema = rule.meta.options;
    if (!schema) return { pointer: [], message: `rule '${rule.meta.id}' takes no options; give its severity alone` };
    let validate = this.compiled.get(rule);
    if (!validate) {
      if (!this.ajv) {
        const { default: Ajv } = (await import('ajv')) as unknown as { default: new (o: object) => { compile(schema: object): Validator } };
        this.ajv = new Ajv({ allErrors: false, strict: false });
        // a pattern option (api-version-param's) must be one the rules can match in linear time
        (this.ajv as unknown as { addFormat(name: string, check: (s: string) => boolean): void }).addFormat('linear-regex', (s) => compileLinear(s).ok);
      }
      validate = this.ajv.compile(schema);
      this.compiled.set(rule, validate);
    }
    if (validate(options)) return undefined;
    const error = validate.errors?.[0];
    if (!error) return { pointer: [], message: `the options of '${rule.meta.id}' are not valid` };
    const pointer = errorPointer(error);
    if (error.params?.['format'] === 'linear-regex') {
      const compiled = compileLinear(String(pointer.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], options)));
      const reason = compiled.ok ? 'is not valid' : compiled.kind === 'invalid' ? `is not a valid regular expression: ${compiled.reason}` : `cannot be matched in linear time: ${compiled.reason}`;
      return { pointer, message: `the option '${pointer.join('.')}' of '${rule.meta.id}' ${reason}` };
    }
    const field = pointer.length ? `option '${pointer.join('.')}'` : 'options';
    return { pointer, message: `the ${field} of '${rule.meta.id}' ${errorText(error)}` };
  }
}

