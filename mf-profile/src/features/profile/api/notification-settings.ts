import type { NotificationSettingsDto } from '@erd/shared-contracts/schemas';
import { apiClient } from '../../../lib/api-client';
import { NOTIFICATION_SETTINGS_PATH } from '@erd/shared-contracts/api-paths';

export { NOTIFICATION_SETTINGS_PATH };

/** GET /api/me/notifications (issue 25): the account's switches, all on unless switched off. */
export async function getNotificationSettings(): Promise<NotificationSettingsDto> {
  return (await apiClient().get<NotificationSettingsDto>(NOTIFICATION_SETTINGS_PATH)).data;
}

/** PUT /api/me/notifications: every switch at once; answers what is stored. */
export async function putNotificationSettings(settings: NotificationSettingsDto): Promise<NotificationSettingsDto> {
  return (await apiClient().put<NotificationSettingsDto>(NOTIFICATION_SETTINGS_PATH, settings)).data;
}
