import { challengeAdminPaths, type AdminChallengeListDto } from '@erd/shared-contracts/backoffice';
import type {
  OperatorMessageDto,
  OperatorMessageFilter,
  OperatorMessageInput,
  OperatorMessageListDto,
  OperatorMessagePreviewDto,
  OperatorMessageRecipientsDto,
  OperatorMessageTestResultDto,
} from '@erd/shared-contracts/schemas';
import { operatorMessagePaths } from '@erd/shared-contracts/api-paths';
import { apiGet, apiPost, apiPut } from '../../../api/http';

/** The operator messages API (admins). */
export const messagesApi = operatorMessagePaths;

export async function listMessages(): Promise<OperatorMessageListDto> {
  return apiGet<OperatorMessageListDto>(messagesApi.messages);
}

export async function getMessage(id: string): Promise<OperatorMessageDto> {
  return apiGet<OperatorMessageDto>(messagesApi.message(id));
}

/** A new draft (no id yet) or a draft changed; 409 once it is sent. */
export async function saveDraft(id: string | null, input: OperatorMessageInput): Promise<OperatorMessageDto> {
  return id ? apiPut<OperatorMessageDto>(messagesApi.message(id), input) : apiPost<OperatorMessageDto>(messagesApi.messages, input);
}

export async function countRecipients(filter: OperatorMessageFilter): Promise<number> {
  const params = {
    team: filter.team,
    challengeId: filter.challengeId,
    participated: filter.participated === undefined ? undefined : String(filter.participated),
  };
  return (await apiGet<OperatorMessageRecipientsDto>(messagesApi.recipients, { params })).recipients;
}

export async function previewMessage(id: string): Promise<OperatorMessagePreviewDto> {
  return apiGet<OperatorMessagePreviewDto>(messagesApi.preview(id));
}

export async function sendTest(id: string): Promise<OperatorMessageTestResultDto> {
  return apiPost<OperatorMessageTestResultDto>(messagesApi.test(id));
}

/** Sends once; a repeated call answers the message as it stands. */
export async function sendMessage(id: string): Promise<OperatorMessageDto> {
  return apiPost<OperatorMessageDto>(messagesApi.send(id));
}

/** The current year's challenges for the filter (both roles may read them). */
export async function listChallenges(): Promise<AdminChallengeListDto> {
  return apiGet<AdminChallengeListDto>(challengeAdminPaths.challenges);
}
