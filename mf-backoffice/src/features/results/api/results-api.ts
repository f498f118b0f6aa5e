import {
  resultPaths,
  type PublishResultDto,
  type PublishResultInput,
  type ResultChallengeDto,
  type ResultOverviewDto,
  type ResultPreviewDto,
  type ResultVersionDto,
  type RightAnswerInput,
} from '@erd/shared-contracts/wire';
import { apiClient } from '../../../api/http';

/** GET /api/operator/results: the current year's challenges with their results state (both roles). */
export async function getResultOverview(): Promise<ResultOverviewDto> {
  return (await apiClient().get<ResultOverviewDto>(resultPaths.overview)).data;
}

/** GET …/preview: the table as it would be published now (409 AnswerMissing without the right answer). */
export async function getResultPreview(challengeId: string): Promise<ResultPreviewDto> {
  return (await apiClient().get<ResultPreviewDto>(resultPaths.preview(challengeId))).data;
}

/** PUT …/answer (admins): the right answer; after publishing with a reason. */
export async function setRightAnswer(challengeId: string, input: RightAnswerInput): Promise<ResultChallengeDto> {
  return (await apiClient().put<ResultChallengeDto>(resultPaths.answer(challengeId), input)).data;
}

/** POST …/publish (admins): freezes a version; a correction needs a reason. */
export async function publishResult(challengeId: string, input: PublishResultInput): Promise<PublishResultDto> {
  return (await apiClient().post<PublishResultDto>(resultPaths.publish(challengeId), input)).data;
}

/** GET …/versions: every published version, newest first. */
export async function listResultVersions(challengeId: string): Promise<ResultVersionDto[]> {
  return (await apiClient().get<{ items: ResultVersionDto[] }>(resultPaths.versions(challengeId))).data.items;
}
