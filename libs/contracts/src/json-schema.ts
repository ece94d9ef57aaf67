/*
 * Contract schemas are written once: each JSON Schema (draft 2020-12) also carries the TypeScript type of
 * the values it accepts, `TypeOf<typeof schema>`. They stay plain JSON, in the order written, since the
 * published schema files are generated from them.
 */

export type JsonSchema = Record<string, unknown>;

/** A JSON Schema of values of type `T`; `T` exists for the compiler only. */
export type Schema<T> = JsonSchema & { readonly __type?: T };
export type TypeOf<S> = S extends Schema<infer T> ? T : never;
/** The details type of each event type, from their schemas. */
export type DetailsOf<S extends Record<string, JsonSchema>> = { [T in keyof S]: TypeOf<S[T]> };

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

export const typed = <T>(schema: JsonSchema) => schema as Schema<T>;

export const text = typed<string>({ type: 'string' });
export const nonEmpty = typed<string>({ type: 'string', minLength: 1 });
export const nullableText = typed<string | null>({ type: ['string', 'null'] });
export const nullableNumber = typed<number | null>({ type: ['number', 'null'] });
export const number = typed<number>({ type: 'number' });
export const timestamp = typed<string>({ type: 'string', format: 'date-time' });
export const uuid = typed<string>({ type: 'string', format: 'uuid' });
export const count = typed<number>({ type: 'integer', minimum: 0 });
export const boolean = typed<boolean>({ type: 'boolean' });
export const pattern = (regex: string) => typed<string>({ type: 'string', pattern: regex });
/** A prefixed id such as `sys_01J…`: the prefix, then a ULID in Crockford base32. */
export const id = (prefix: string) => pattern(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
export const oneOf = <const T extends readonly string[]>(values: T) =>
  typed<T[number]>({ enum: [...values] });
export const arrayOf = <T>(items: Schema<T>) => typed<T[]>({ type: 'array', items });
export const recordOf = <T>(values: Schema<T>) =>
  typed<Record<string, T>>({ type: 'object', additionalProperties: values });
/** Any JSON object, typed `T` by its producer: a shape this schema does not spell out. */
export const objectAs = <T>() => typed<T>({ type: 'object' });

type Fields = Record<string, Schema<unknown>>;
type Values<F extends Fields> = { [K in keyof F]: TypeOf<F[K]> };

/** A closed object: every field required, no other field allowed. */
export const object = <F extends Fields>(fields: F) =>
  typed<Values<F>>({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(fields),
    properties: fields,
  });

/** Details of an internal event: the fields, required, and `optional` ones; further fields are allowed. */
export const details = <F extends Fields, O extends Fields = Record<never, never>>(fields: F, optional?: O) =>
  typed<Values<F> & Partial<Values<O>>>({
    type: 'object',
    required: Object.keys(fields),
    properties: { ...fields, ...optional },
  });
