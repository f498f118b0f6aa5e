import {
  operatorMessageIdParamsSchema,
  operatorMessageInputSchema,
  operatorMessageListSchema,
  operatorMessagePaths,
  operatorMessagePreviewSchema,
  operatorMessageRecipientsQuerySchema,
  operatorMessageRecipientsSchema,
  operatorMessageSchema,
  operatorMessageTestResultSchema,
} from '@erd/shared-contracts/schemas';
import { operatorRead, operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { errorsWith, signedInChangeErrors } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import {
  countMessageRecipients,
  createDraft,
  getMessage,
  listMessages,
  previewMessage,
  sendMessage,
  sendTestMessage,
  updateDraft,
} from './service.js';

/**
 * 'Nachrichten' in the back office over HTTP (issue 25; zod schemas of `@erd/shared-contracts/schemas`):
 * every route is for admins (a message goes to every club account; a moderator gets 403), never cached.
 *
 * - `GET /api/operator/messages`, `GET …/{id}`: the messages with their state and progress;
 * - `GET …/recipients?team=&challengeId=&participated=`: how many accounts a filter reaches now;
 * - `POST /api/operator/messages`, `PUT …/{id}`: a draft written, changed (409 once sent);
 * - `GET …/{id}/preview`: the mail as a club gets it (HTML and plain text) and the count now;
 * - `POST …/{id}/test`: the mail to the operator's own address (202; 429 over the limit);
 * - `POST …/{id}/send`: sent once (200 with its state; again: 200 with the same state, nothing
 *   queued again; 409 NoRecipients when nobody matches; 429 over 5 sends an hour).
 */

const BODY_LIMIT = 64 * 1024;
const paths = {
  message: '/api/operator/messages/:id',
  preview: '/api/operator/messages/:id/preview',
  test: '/api/operator/messages/:id/test',
  send: '/api/operator/messages/:id/send',
} as const;

export const operatorMessageRoutes = operatorScope('back office: messages', (r, ctx) => {
  operatorRead(r, operatorMessagePaths.messages, {
    access: 'admin',
    summary: 'Operator messages to club accounts, newest first, with state and progress (admin)',
    answer: operatorMessageListSchema,
    read: () => listMessages({ ctx }),
  });

  operatorRead(r, operatorMessagePaths.recipients, {
    access: 'admin',
    summary: 'How many club accounts a filter reaches now (confirmed, messages not switched off) (admin)',
    querystring: operatorMessageRecipientsQuerySchema,
    answer: operatorMessageRecipientsSchema,
    read: (input) => countMessageRecipients({ ctx, input }),
  });

  operatorRoute(r, 'post', operatorMessagePaths.messages, {
    access: 'admin',
    summary: 'A new draft message (admin)',
    body: operatorMessageInputSchema,
    answer: operatorMessageSchema,
    status: 201,
    bodyLimit: BODY_LIMIT,
    handle: ({ body }, request) => createDraft({ ctx, input: { message: body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'get', paths.message, {
    access: 'admin',
    summary: 'One message with its state and progress (admin)',
    params: operatorMessageIdParamsSchema,
    answer: operatorMessageSchema,
    handle: ({ params }) => getMessage({ ctx, input: { id: params.id } }),
  });

  operatorRoute(r, 'put', paths.message, {
    access: 'admin',
    summary: 'A draft changed (admin; 409 once it is sent)',
    params: operatorMessageIdParamsSchema,
    body: operatorMessageInputSchema,
    answer: operatorMessageSchema,
    errors: signedInChangeErrors,
    bodyLimit: BODY_LIMIT,
    handle: ({ params, body }) => updateDraft({ ctx, input: { id: params.id, message: body } }),
  });

  operatorRoute(r, 'get', paths.preview, {
    access: 'admin',
    summary: 'The mail as a club account gets it (HTML for an iframe, plain text) and how many accounts it reaches now (admin)',
    params: operatorMessageIdParamsSchema,
    answer: operatorMessagePreviewSchema,
    handle: ({ params }) => previewMessage({ ctx, input: { id: params.id } }),
  });

  operatorRoute(r, 'post', paths.test, {
    access: 'admin',
    summary: "The mail to the operator's own address, marked as a test (admin; rate-limited)",
    params: operatorMessageIdParamsSchema,
    answer: operatorMessageTestResultSchema,
    status: 202,
    errors: errorsWith(401, 403, 429),
    handle: ({ params }, request) => sendTestMessage({ ctx, input: { id: params.id, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'post', paths.send, {
    access: 'admin',
    summary: 'Send a draft once to the accounts its filter reaches (admin; audited; 5 an hour). Again: its state, nothing sent twice',
    params: operatorMessageIdParamsSchema,
    answer: operatorMessageSchema,
    errors: errorsWith(401, 403, 409, 429),
    handle: ({ params }, request) => sendMessage({ ctx, input: { id: params.id, actor: actorOf(request) } }),
  });
});
