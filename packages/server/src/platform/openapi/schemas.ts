import { z } from 'zod';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = { [key: string]: unknown };

/**
 * The components a document collects while schemas are converted: schemas that refer to themselves (or carry
 * definitions) are lifted here so that their `$ref`s resolve inside the OpenAPI document.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private count = 0;

  /**
   * The JSON Schema of a zod schema: what a client sends (`input`, coercions and defaults seen from outside) or
   * what the server answers (`output`). Parts JSON Schema cannot express (a date object, a transform) read as any.
   */
  convert(schema: z.core.$ZodType, io: 'input' | 'output', name?: string): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...converted
    } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const text = JSON.stringify(converted);
    if ($defs === undefined && !text.includes('"$ref":"#"')) return converted;
    this.count += 1;
    const named = (name ?? 'Schema').replace(/[^A-Za-z0-9_.-]/g, '_');
    const base = this.schemas[named] === undefined ? named : `${named}_${this.count}`;
    const rewrite = (value: JsonSchema): JsonSchema =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll('"$ref":"#"', `"$ref":"#/components/schemas/${base}"`)
          .replaceAll('"$ref":"#/$defs/', `"$ref":"#/components/schemas/${base}.`),
      ) as JsonSchema;
    for (const [key, definition] of Object.entries($defs ?? {}))
      this.schemas[`${base}.${key}`] = rewrite(definition);
    this.schemas[base] = rewrite(converted);
    return { $ref: `#/components/schemas/${base}` };
  }
}
