import type {
  AdminSeasonDto,
  AdminSeasonListDto,
  SeasonChallengeCreateInput,
  SeasonChallengeOrderInput,
  SeasonChallengeRemoveInput,
  SeasonChallengeWithdrawInput,
  SeasonCreateInput,
  SeasonReasonInput,
  SeasonSwitchInput,
} from '@erd/shared-contracts/schemas';
import { seasonAdminPaths } from '@erd/shared-contracts/api-paths';
import { apiGet, apiPost, apiPut, apiDelete } from '../../../api/http';

/** The seasons API: both roles read, admins change; the preview is for every operator. */
export const seasonsApi = seasonAdminPaths;

export async function listSeasons(): Promise<AdminSeasonListDto> {
  return apiGet<AdminSeasonListDto>(seasonsApi.seasons);
}

export async function getSeason(yearId: string): Promise<AdminSeasonDto> {
  return apiGet<AdminSeasonDto>(seasonsApi.season(yearId));
}

/** A new season, empty or a copy (admins); answers the new season. */
export async function createSeason(input: SeasonCreateInput): Promise<AdminSeasonDto> {
  return apiPost<AdminSeasonDto>(seasonsApi.seasons, input);
}

/** The season the public site shows (admins; confirmed, with a reason). */
export async function switchSeason(input: SeasonSwitchInput): Promise<void> {
  await apiPut(seasonsApi.current, input);
}

export async function createSeasonChallenge(yearId: string, input: SeasonChallengeCreateInput): Promise<void> {
  await apiPost(seasonsApi.challenges(yearId), input);
}

export async function saveOrder(yearId: string, input: SeasonChallengeOrderInput): Promise<void> {
  await apiPut(seasonsApi.order(yearId), input);
}

export async function duplicateChallenge(challengeId: string, confirmLive: boolean): Promise<void> {
  await apiPost(seasonsApi.duplicate(challengeId), confirmLive ? { confirmLive: true } : {});
}

export async function removeChallenge(challengeId: string, input: SeasonChallengeRemoveInput): Promise<void> {
  await apiDelete(seasonsApi.challenge(challengeId), { data: input });
}

export async function withdrawChallenge(challengeId: string, input: SeasonChallengeWithdrawInput): Promise<void> {
  await apiPost(seasonsApi.withdraw(challengeId), input);
}

export async function restoreChallenge(challengeId: string, input: SeasonReasonInput): Promise<void> {
  await apiPost(seasonsApi.restore(challengeId), input);
}

/** This browser sees the season's public pages, marked 'Vorschau'. */
export async function startPreview(yearId: string): Promise<void> {
  await apiPut(seasonsApi.preview, { yearId });
}

export async function endPreview(): Promise<void> {
  await apiDelete(seasonsApi.preview);
}
