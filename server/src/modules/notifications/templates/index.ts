import { ENTRY_TEMPLATES } from './entries.js';
import { FAN_TEMPLATES } from './fans.js';
import { MESSAGE_TEMPLATES } from './messages.js';
import { RESULT_TEMPLATES } from './results.js';
import { SCHEDULE_TEMPLATES } from './schedule.js';
import type { NotificationTemplate } from './types.js';

/**
 * Every notification mail by name (the `template` of a `notifications` row): one file per area.
 * A name, once used, stays: rows queued before a release still name it.
 */
export const TEMPLATES = {
  ...ENTRY_TEMPLATES,
  ...RESULT_TEMPLATES,
  ...SCHEDULE_TEMPLATES,
  ...MESSAGE_TEMPLATES,
  ...FAN_TEMPLATES,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateParams<T extends TemplateName> = (typeof TEMPLATES)[T] extends NotificationTemplate<infer P> ? P : never;

export function templateOf(name: string): NotificationTemplate<unknown> | null {
  return Object.hasOwn(TEMPLATES, name) ? (TEMPLATES[name as TemplateName] as NotificationTemplate<unknown>) : null;
}
