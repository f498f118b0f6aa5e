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

export const errorResponses = {
  400: errorSchema,
  404: errorSchema,
  500: errorSchema,
} as const;

export const ID_MAX_LENGTH = 200;
