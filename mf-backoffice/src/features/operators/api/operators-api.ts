import {
  operatorAccountPaths,
  type CreateOperatorInput,
  type OperatorAccountDto,
  type OperatorListDto,
  type UpdateOperatorInput,
} from '@erd/shared-contracts/backoffice';
import { apiClient } from '../../../api/http';

/** GET /api/operator/operators (admins): every operator account. */
export async function listOperators(): Promise<OperatorListDto> {
  return (await apiClient().get<OperatorListDto>(operatorAccountPaths.operators)).data;
}

/** POST /api/operator/operators (admins): 201 with the new account; 400 per field, 409 `OperatorExists`. */
export async function createOperator(input: CreateOperatorInput): Promise<OperatorAccountDto> {
  return (await apiClient().post<OperatorAccountDto>(operatorAccountPaths.operators, input)).data;
}

/** PATCH /api/operator/operators/{id} (admins): a new role or disabled state, with a reason; 409 `LastAdmin` / `SelfDisable`. */
export async function updateOperator(id: string, input: UpdateOperatorInput): Promise<OperatorAccountDto> {
  return (await apiClient().patch<OperatorAccountDto>(operatorAccountPaths.operator(id), input)).data;
}
