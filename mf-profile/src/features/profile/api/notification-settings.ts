import type { NotificationSettingsDto } from '@erd/shared-contracts/schemas';
import { apiClient } from '../../../lib/api-client';

/** Where the switches are served (`NOTIFICATION_SETTINGS_PATH` of the schemas entry, not imported here: that would bring zod into the bundle). */
export const NOTIFICATION_SETTINGS_PATH = '/api/me/notifications';

/** GET /api/me/notifications (issue 25): the account's switches, all on unless switched off. */
export async function getNotificationSettings(): Promise<NotificationSettingsDto> {
  return (await apiClient().get<NotificationSettingsDto>(NOTIFICATION_SETTINGS_PATH)).data;
}

/** PUT /api/me/notifications: every switch at once; answers what is stored. */
export async function putNotificationSettings(settings: NotificationSettingsDto): Promise<NotificationSettingsDto> {
  return (await apiClient().put<NotificationSettingsDto>(NOTIFICATION_SETTINGS_PATH, settings)).data;
}
