import {
  operatorAccountPaths,
  type CreateOperatorInput,
  type OperatorAccountDto,
  type OperatorListDto,
  type UpdateOperatorInput,
} from '@erd/shared-contracts/backoffice';
import { apiGet, apiPost, apiPatch } from '../../../api/http';

/** GET /api/operator/operators (admins): every operator account. */
export async function listOperators(): Promise<OperatorListDto> {
  return apiGet<OperatorListDto>(operatorAccountPaths.operators);
}

/** POST /api/operator/operators (admins): 201 with the new account; 400 per field, 409 `OperatorExists`. */
export async function createOperator(input: CreateOperatorInput): Promise<OperatorAccountDto> {
  return apiPost<OperatorAccountDto>(operatorAccountPaths.operators, input);
}

/** PATCH /api/operator/operators/{id} (admins): a new role or disabled state, with a reason; 409 `LastAdmin` / `SelfDisable`. */
export async function updateOperator(id: string, input: UpdateOperatorInput): Promise<OperatorAccountDto> {
  return apiPatch<OperatorAccountDto>(operatorAccountPaths.operator(id), input);
}
