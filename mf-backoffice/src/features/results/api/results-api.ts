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
import { apiGet, apiPost, apiPut } from '../../../api/http';

/** GET /api/operator/results: the current year's challenges with their results state (both roles). */
export async function getResultOverview(): Promise<ResultOverviewDto> {
  return apiGet<ResultOverviewDto>(resultPaths.overview);
}

/** GET …/preview: the table as it would be published now (409 AnswerMissing without the right answer). */
export async function getResultPreview(challengeId: string): Promise<ResultPreviewDto> {
  return apiGet<ResultPreviewDto>(resultPaths.preview(challengeId));
}

/** PUT …/answer (admins): the right answer; after publishing with a reason. */
export async function setRightAnswer(challengeId: string, input: RightAnswerInput): Promise<ResultChallengeDto> {
  return apiPut<ResultChallengeDto>(resultPaths.answer(challengeId), input);
}

/** POST …/publish (admins): freezes a version; a correction needs a reason. */
export async function publishResult(challengeId: string, input: PublishResultInput): Promise<PublishResultDto> {
  return apiPost<PublishResultDto>(resultPaths.publish(challengeId), input);
}

/** GET …/versions: every published version, newest first. */
export async function listResultVersions(challengeId: string): Promise<ResultVersionDto[]> {
  return (await apiGet<{ items: ResultVersionDto[] }>(resultPaths.versions(challengeId))).items;
}
