// Types of the validator module that the build generates (scripts/build-openapi3-validator.ts) beside this file.
import type { ValidateFunction } from 'ajv';

export declare const document: ValidateFunction;

/** One per kind a `$ref`'d file may hold (entry-points.ts). */
export declare const PathItem: ValidateFunction;
export declare const Parameter: ValidateFunction;
export declare const RequestBody: ValidateFunction;
export declare const Response: ValidateFunction;
export declare const Header: ValidateFunction;
export declare const Example: ValidateFunction;
export declare const Link: ValidateFunction;
export declare const Callback: ValidateFunction;
export declare const SecurityScheme: ValidateFunction;
export declare const Schema: ValidateFunction;
