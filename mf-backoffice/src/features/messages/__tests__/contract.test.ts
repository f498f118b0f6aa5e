import { OPERATOR_MESSAGE_LIMITS } from '@erd/shared-contracts/schemas';
import { BODY_MAX, SUBJECT_MAX } from '../lib';

// The back office loads no zod, and the limits live in the zod schema's module: until they move to a
// zod-free one, this keeps the form's copy the same.
it('uses the contract’s subject and body limits', () => {
  expect({ subject: SUBJECT_MAX, body: BODY_MAX }).toEqual(OPERATOR_MESSAGE_LIMITS);
});
