/**
 * JSON schemas for the OpenAPI document where no zod schema applies: the shared error answer as the
 * document's `Error` component (http/zod.ts `zodErrorSchema` is its zod form), and a multipart body
 * that a handler reads part by part.
 */

export const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  // requestId: the request's id (X-Request-Id), for telling support which request failed.
  properties: { code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' } },
  additionalProperties: true,
} as const;

/**
 * A multipart/form-data body the handler reads part by part: documented only (zod scopes pass it
 * to the handler unvalidated, http/zod.ts).
 */
export const multipartBody = (description: string) =>
  ({
    content: {
      'multipart/form-data': {
        schema: { type: ['object', 'null'], description, properties: { file: { type: 'string', contentMediaType: 'image/*' } } },
      },
    },
  }) as const;
