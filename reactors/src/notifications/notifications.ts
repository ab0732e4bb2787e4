import type { EventStore } from '@panda/events/event-store';
import type { Reactor } from '../shared/reactor';
import { displayName, loadAccountState, trainingBefore } from '../shared/facts';
import { NOTIFYING_EVENTS, namedAccounts, notificationsFor, type Facts } from './notification-rules';
import { deliver } from './recipients';

export const NOTIFICATIONS_REACTOR = 'notifications';

/**
 * Makes notifications from events (docs/rules.md#notifications-from-events), never inline in a request. Each notification is
 * appended to its recipient's stream with the command id `<reactor key>` (reactor name + source
 * position), so running the same source event again appends nothing.
 */
export function notificationsReactor(store: EventStore): Reactor {
  return {
    name: NOTIFICATIONS_REACTOR,
    handles: NOTIFYING_EVENTS,
    async react(event, key) {
      const onStudentStream = event.stream.startsWith('account-') && 'studentId' in (event.data as object);
      const training = onStudentStream ? await trainingBefore(store, event) : null;
      const ids = [...new Set([...namedAccounts(event), ...(training?.centreId ? [training.centreId] : [])])];
      const accounts = await Promise.all(ids.map((id) => loadAccountState(store, id)));
      const subject =
        event.type === 'AccountVetted' || event.type === 'AccountUnvetted'
          ? await loadAccountState(store, (event.data as { accountId: string }).accountId)
          : null;
      const jobId = (event.data as { jobId?: string }).jobId;
      const facts: Facts = {
        names: Object.fromEntries(ids.map((id, i) => [id, displayName(accounts[i])])),
        centreId: training?.centreId ?? null,
        jobType: jobId && training?.jobs[jobId] ? training.jobs[jobId].jobType : null,
        role: subject?.role ?? null,
      };
      await deliver(store, event, key, notificationsFor(event, facts));
    },
  };
}
