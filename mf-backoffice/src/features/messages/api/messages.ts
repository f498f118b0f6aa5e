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
import { apiClient } from '../../../api/http';

/** The operator messages API (admins). */
export const messagesApi = operatorMessagePaths;

export async function listMessages(): Promise<OperatorMessageListDto> {
  return (await apiClient().get<OperatorMessageListDto>(messagesApi.messages)).data;
}

export async function getMessage(id: string): Promise<OperatorMessageDto> {
  return (await apiClient().get<OperatorMessageDto>(messagesApi.message(id))).data;
}

/** A new draft (no id yet) or a draft changed; 409 once it is sent. */
export async function saveDraft(id: string | null, input: OperatorMessageInput): Promise<OperatorMessageDto> {
  const client = apiClient();
  return (
    id
      ? await client.put<OperatorMessageDto>(messagesApi.message(id), input)
      : await client.post<OperatorMessageDto>(messagesApi.messages, input)
  ).data;
}

export async function countRecipients(filter: OperatorMessageFilter): Promise<number> {
  const params = {
    team: filter.team,
    challengeId: filter.challengeId,
    participated: filter.participated === undefined ? undefined : String(filter.participated),
  };
  return (await apiClient().get<OperatorMessageRecipientsDto>(messagesApi.recipients, { params })).data.recipients;
}

export async function previewMessage(id: string): Promise<OperatorMessagePreviewDto> {
  return (await apiClient().get<OperatorMessagePreviewDto>(messagesApi.preview(id))).data;
}

export async function sendTest(id: string): Promise<OperatorMessageTestResultDto> {
  return (await apiClient().post<OperatorMessageTestResultDto>(messagesApi.test(id))).data;
}

/** Sends once; a repeated call answers the message as it stands. */
export async function sendMessage(id: string): Promise<OperatorMessageDto> {
  return (await apiClient().post<OperatorMessageDto>(messagesApi.send(id))).data;
}

/** The current year's challenges for the filter (both roles may read them). */
export async function listChallenges(): Promise<AdminChallengeListDto> {
  return (await apiClient().get<AdminChallengeListDto>(challengeAdminPaths.challenges)).data;
}
