import type { z } from 'zod';
import type { EventDefinition } from './define';
import { accountEvents } from './catalogue/accounts';
import { trainingEvents } from './catalogue/training';
import { adminEvents } from './catalogue/admin';
import { profileEvents } from './catalogue/profiles';
import { notificationEvents } from './catalogue/notifications';
import { auditEvents } from './catalogue/audit';
import { supportEvents } from './catalogue/support';
import { chatEvents } from './catalogue/chat';
import { reminderEvents } from './catalogue/reminders';
import { photoEvents } from './catalogue/photos';
import { criteriaEvents } from './catalogue/criteria';
import { payoutEvents } from './catalogue/payouts';

/**
 * Every event Panda records. Each capability keeps its definitions in `catalogue/<capability>.ts`
 * and adds its list here.
 */
export const catalogue = [
  ...accountEvents,
  ...trainingEvents,
  ...adminEvents,
  ...profileEvents,
  ...auditEvents,
  ...notificationEvents,
  ...supportEvents,
  ...chatEvents,
  ...reminderEvents,
  ...photoEvents,
  ...criteriaEvents,
  ...payoutEvents,
] as const satisfies readonly EventDefinition[];

const byType = new Map<string, z.ZodType>();
for (const d of catalogue) {
  if (byType.has(d.type)) throw new Error(`Event type ${d.type} is defined twice`);
  byType.set(d.type, d.schema);
}

export const isKnownEventType = (type: string) => byType.has(type);

/** Checks an event about to be appended against its schema; unknown types are refused. */
export function checkEvent(type: string, data: unknown): unknown {
  const schema = byType.get(type);
  if (!schema) throw new Error(`Unknown event type ${type}`);
  return schema.parse(data);
}
