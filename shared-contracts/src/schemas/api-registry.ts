import { apiPaths, frontendUserPaths } from '../accounts.js';
import { contentSpacePaths } from '../api/content.js';
import {
  clubFansAdminPaths,
  clubRegistrationPaths,
  CLUB_FANS_SIGNUP_PATH,
  entryNeighboursPath,
  MY_ENTRIES_PATH,
  MY_FANS_PATH,
  NOTIFICATION_SETTINGS_PATH,
  operatorMessagePaths,
  publicMailPaths,
  publicSeasonPaths,
  seasonAdminPaths,
} from '../api-paths.js';
import { accountsAdminPaths, clubsAdminPaths, newsletterAdminPaths } from '../backoffice.js';
import { challengeAdminPaths } from '../challenges-admin.js';
import { contentAdminPaths } from '../content-admin.js';
import { entryPaths, operatorPaths, uploadPaths } from '../entries.js';
import { XSRF_TOKEN_PATH } from '../http/xsrf.js';
import { moderationAdminPaths } from '../moderation-admin.js';
import { auditPaths, operatorAccountPaths } from '../operators.js';
import { overviewAdminPaths } from '../overview-admin.js';
import { resultPaths } from '../results.js';
import { reachPaths, sharePaths } from '../share.js';
import { votesAdminPaths } from '../votes-admin.js';

/** A path, or a function that builds one from its segments (each encoded). */
export type ApiPath = string | ((...segments: never[]) => string);

/** One registry: its paths by name, and what they are below (`''` for paths from the site's root). */
export interface ApiPathRegistry {
  /** The content API's paths are relative to `{base}/public/spaces/{spaceId}/` (runtime configuration). */
  below: '' | 'contentSpace';
  paths: Readonly<Record<string, ApiPath>>;
}

const root = (paths: Readonly<Record<string, ApiPath>>): ApiPathRegistry => ({ below: '', paths });

/**
 * Every registry of the paths the browser calls, the one source of those paths: the front ends build
 * their calls with these values (a lint rule refuses an `/api/` literal elsewhere in their sources),
 * and the server's contract test checks both ways that each path is one of the server's routes and
 * that each of the server's routes is in a registry (or named there as not called by the browser).
 */
export const apiPathRegistries: Readonly<Record<string, ApiPathRegistry>> = {
  apiPaths: root(apiPaths),
  entryPaths: root(entryPaths),
  uploadPaths: root(uploadPaths),
  operatorPaths: root(operatorPaths),
  reachPaths: root(reachPaths),
  sharePaths: root(sharePaths),
  resultPaths: root(resultPaths),
  operatorAccountPaths: root(operatorAccountPaths),
  auditPaths: root(auditPaths),
  newsletterAdminPaths: root(newsletterAdminPaths),
  clubsAdminPaths: root(clubsAdminPaths),
  accountsAdminPaths: root(accountsAdminPaths),
  challengeAdminPaths: root(challengeAdminPaths),
  contentAdminPaths: root(contentAdminPaths),
  moderationAdminPaths: root(moderationAdminPaths),
  overviewAdminPaths: root(overviewAdminPaths),
  votesAdminPaths: root(votesAdminPaths),
  seasonAdminPaths: root(seasonAdminPaths),
  publicSeasonPaths: root(publicSeasonPaths),
  clubFansAdminPaths: root(clubFansAdminPaths),
  clubFansPaths: root({ signup: CLUB_FANS_SIGNUP_PATH, mine: MY_FANS_PATH }),
  operatorMessagePaths: root(operatorMessagePaths),
  clubRegistrationPaths: root(clubRegistrationPaths),
  publicMailPaths: root(publicMailPaths),
  memberPaths: root({ entryNeighbours: entryNeighboursPath, myEntries: MY_ENTRIES_PATH, notificationSettings: NOTIFICATION_SETTINGS_PATH }),
  xsrfPaths: root({ token: XSRF_TOKEN_PATH }),
  frontendUserPaths: { below: 'contentSpace', paths: frontendUserPaths },
  contentSpacePaths: { below: 'contentSpace', paths: contentSpacePaths },
};
