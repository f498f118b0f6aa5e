/** The wire shapes of the challenges API, from the contracts (`@erd/shared-contracts/backoffice`). */
export {
  CHALLENGE_DATE_FIELDS as DATE_FIELDS,
  challengeAdminPaths as challengeAdminApi,
  type AdminChallengeDto,
  type AdminChallengeListDto,
  type AdminChallengeSummaryDto,
  type ChallengeDateField as DateField,
  type ChallengePhase,
  type PatchChallengeInput,
} from '@erd/shared-contracts/backoffice';
