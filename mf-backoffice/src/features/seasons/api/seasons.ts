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
import { apiClient } from '../../../api/http';

/** The seasons API: both roles read, admins change; the preview is for every operator. */
export const seasonsApi = seasonAdminPaths;

export async function listSeasons(): Promise<AdminSeasonListDto> {
  return (await apiClient().get<AdminSeasonListDto>(seasonsApi.seasons)).data;
}

export async function getSeason(yearId: string): Promise<AdminSeasonDto> {
  return (await apiClient().get<AdminSeasonDto>(seasonsApi.season(yearId))).data;
}

/** A new season, empty or a copy (admins); answers the new season. */
export async function createSeason(input: SeasonCreateInput): Promise<AdminSeasonDto> {
  return (await apiClient().post<AdminSeasonDto>(seasonsApi.seasons, input)).data;
}

/** The season the public site shows (admins; confirmed, with a reason). */
export async function switchSeason(input: SeasonSwitchInput): Promise<void> {
  await apiClient().put(seasonsApi.current, input);
}

export async function createSeasonChallenge(yearId: string, input: SeasonChallengeCreateInput): Promise<void> {
  await apiClient().post(seasonsApi.challenges(yearId), input);
}

export async function saveOrder(yearId: string, input: SeasonChallengeOrderInput): Promise<void> {
  await apiClient().put(seasonsApi.order(yearId), input);
}

export async function duplicateChallenge(challengeId: string, confirmLive: boolean): Promise<void> {
  await apiClient().post(seasonsApi.duplicate(challengeId), confirmLive ? { confirmLive: true } : {});
}

export async function removeChallenge(challengeId: string, input: SeasonChallengeRemoveInput): Promise<void> {
  await apiClient().delete(seasonsApi.challenge(challengeId), { data: input });
}

export async function withdrawChallenge(challengeId: string, input: SeasonChallengeWithdrawInput): Promise<void> {
  await apiClient().post(seasonsApi.withdraw(challengeId), input);
}

export async function restoreChallenge(challengeId: string, input: SeasonReasonInput): Promise<void> {
  await apiClient().post(seasonsApi.restore(challengeId), input);
}

/** This browser sees the season's public pages, marked 'Vorschau'. */
export async function startPreview(yearId: string): Promise<void> {
  await apiClient().put(seasonsApi.preview, { yearId });
}

export async function endPreview(): Promise<void> {
  await apiClient().delete(seasonsApi.preview);
}
