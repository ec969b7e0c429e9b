// Types of the validator module that the build generates (scripts/build-validator.ts) beside this file.
import type { ErrorObject } from 'ajv';

export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export declare const document: CompiledValidator;
export declare const pathItem: CompiledValidator;
export declare const parameter: CompiledValidator;
export declare const response: CompiledValidator;
export declare const schema: CompiledValidator;
