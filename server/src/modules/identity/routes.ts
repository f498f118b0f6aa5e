import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { identityJwksSchema, identityOpenIdConfigurationSchema, identityProtocolHeadersSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodRoutes } from '../../http/zod.js';
import { IdentityError, MESSAGES } from './errors.js';
import { runAction } from './protocol.js';

/**
 * The built-in identity service at `IDENTITY_ENDPOINT` (default `/identity`), speaking the Cognito
 * user-pool JSON protocol: `POST` with `X-Amz-Target`, `application/x-amz-json-1.1`, errors as
 * HTTP 400 `{ __type, message }` plus `x-amzn-ErrorType` (500 InternalErrorException). CORS for the
 * library's headers. The JWKS lies below the issuer: `{endpoint}/{userPoolId}/.well-known/jwks.json`.
 */

const AMZ_JSON = 'application/x-amz-json-1.1';
const BODY_LIMIT = 64 * 1024;

/** The protocol's JSON, sent as text (documented here; the handlers send strings, so nothing is serialised by these). */
const amzJson = (description: string, schema: object) => ({ description, content: { [AMZ_JSON]: { schema } } }) as const;
/** Each action answers its own object (Cognito's API reference, spec §7): its fields are the action's, named by `X-Amz-Target`. */
const amzResult = amzJson('The action’s result object (its fields per action, as in Cognito’s API reference)', {
  type: 'object',
  description:
    'Per action; e.g. SignUp `{ UserConfirmed, UserSub, CodeDeliveryDetails }`, InitiateAuth `{ ChallengeName, ChallengeParameters }` or `{ AuthenticationResult }`',
  additionalProperties: { description: 'A field of the action’s result' },
});
const amzError = amzJson('A Cognito error, also named in `x-amzn-ErrorType`', {
  type: 'object',
  required: ['__type', 'message'],
  properties: { __type: { type: 'string', description: 'The error’s type, e.g. `NotAuthorizedException`' }, message: { type: 'string' } },
});

function cors(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'x-amzn-RequestId, x-amzn-ErrorType');
}

function sendError(reply: FastifyReply, error: IdentityError): FastifyReply {
  return cors(reply)
    .code(error.statusCode)
    .header('x-amzn-requestid', reply.request.id)
    .header('x-amzn-errortype', `${error.type}:`)
    .header('cache-control', 'no-store')
    .header('content-type', AMZ_JSON)
    .send(JSON.stringify({ __type: error.type, message: error.message }));
}

export const identityRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { endpoint, userPoolId } = ctx.config.identity;
  tagRoutes(app, 'identity');

  // The signing key exists from the first start on (the JWKS is never empty); should the database
  // not answer yet, the key is created on first use instead.
  app.addHook('onReady', async () => {
    try {
      await ctx.identity.signingKey();
    } catch (error) {
      app.log.warn({ err: error }, 'identity: no signing key yet (it is created on first use)');
    }
  });

  app.addContentTypeParser(AMZ_JSON, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new IdentityError('SerializationException', 'The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | IdentityError, request, reply) => {
    if (error instanceof IdentityError) {
      if (error.type === 'InternalErrorException') request.log.error({ err: error }, 'identity request failed');
      return sendError(reply, error);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, new IdentityError('SerializationException', error.message));
    request.log.error({ err: error }, 'identity request failed');
    return sendError(reply, new IdentityError('InternalErrorException', MESSAGES.internal));
  });

  app.options(
    endpoint,
    { schema: { summary: 'CORS preflight of the identity service', response: { 204: { type: 'null' } } } },
    async (_request, reply) =>
      cors(reply)
        .code(204)
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type, x-amz-target, x-amz-user-agent, cache-control')
        .header('access-control-max-age', '86400')
        .send(),
  );

  // The protocol endpoint in a scope on zod schemas: the action's header; the body (documented by its media type) is the protocol's to check.
  await app.register(async (protocolApp) => {
    const r = zodRoutes(protocolApp);
    r.post(
      endpoint,
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          summary: 'The Cognito user-pool JSON protocol (X-Amz-Target: AWSCognitoIdentityProviderService.<Action>)',
          headers: identityProtocolHeadersSchema,
          // Not validated here: the protocol answers a wrong body with its own errors (protocol.ts).
          body: { content: { [AMZ_JSON]: { schema: { description: 'The action’s request object' } } } },
          response: { 200: amzResult, 400: amzError, 500: amzError },
        },
      },
      async (request, reply) => {
        const target = request.headers['x-amz-target'];
        const result = await runAction(ctx, typeof target === 'string' ? target : undefined, request.body, { ip: request.ip });
        return cors(reply)
          .header('x-amzn-requestid', reply.request.id)
          .header('cache-control', 'no-store')
          .header('content-type', AMZ_JSON)
          .send(JSON.stringify(result));
      },
    );
  });

  // The issuer's public documents (zod schemas of `@erd/shared-contracts/schemas`), in a scope of
  // their own: the protocol endpoint above keeps its own schemas.
  await app.register(async (wellKnownApp) => {
    const r = zodRoutes(wellKnownApp);
    const wellKnown = `${endpoint}/${userPoolId}/.well-known`;
    r.get(
      `${wellKnown}/jwks.json`,
      { schema: { summary: 'The token signing keys (JWKS)', response: { 200: identityJwksSchema } } },
      async (_request, reply) =>
        cors(reply)
          .header('cache-control', 'public, max-age=300')
          .send(await ctx.identity.jwks()),
    );
    r.get(
      `${wellKnown}/openid-configuration`,
      { schema: { summary: 'The issuer’s OpenID configuration', response: { 200: identityOpenIdConfigurationSchema } } },
      async (_request, reply) =>
        cors(reply)
          .header('cache-control', 'public, max-age=300')
          .send({
            issuer: ctx.config.identity.issuer,
            jwks_uri: ctx.config.identity.jwksUrl,
            id_token_signing_alg_values_supported: ['RS256'],
            subject_types_supported: ['public'],
            response_types_supported: ['token'],
          }),
    );
  });
};
