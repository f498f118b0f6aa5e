/** JSON schemas shared by routes. */

export const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  // requestId: the request's id (X-Request-Id), for telling support which request failed.
  properties: { code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' } },
  additionalProperties: true,
} as const;

/** An object serialised as is (the shape is the contracts' type; the schema documents the top level). */
export const looseObject = { type: 'object', additionalProperties: true } as const;

/** `looseObject` naming the contracts' type it is (the answer's description in the OpenAPI document). */
export const dto = (name: string) => ({ ...looseObject, description: `${name} (shared-contracts)` }) as const;

/**
 * A multipart/form-data body the handler reads part by part: documented only (`request.body`
 * stays empty, validated as null).
 */
export const multipartBody = (description: string) =>
  ({
    content: {
      'multipart/form-data': { schema: { type: ['object', 'null'], description, properties: { file: { type: 'string', contentMediaType: 'image/*' } } } },
    },
  }) as const;

/**
 * A JSON object body the service checks field by field (its own, German messages per field): the
 * schema only demands an object; the description names the contracts' input type and its fields.
 */
export const objectBody = (description: string) => ({ type: 'object', description }) as const;

/** The same for a body that may also be left out (read as `request.body?.field`). */
export const optionalObjectBody = (description: string) => ({ type: ['object', 'null'], description }) as const;

export const errorResponses = {
  400: errorSchema,
  404: errorSchema,
  500: errorSchema,
} as const;

export const ID_MAX_LENGTH = 200;
