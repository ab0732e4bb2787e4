import { useEffect } from 'react';
import { api, notePosition } from '../api';
import { apiReachable, selectApiReachable } from '../connectivity';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectSessionStatus, selectToken, selectUser } from '../session';
import { toast } from '../toast';
import { appOutbox, outboxAvailable } from './index';
import type { DrainResult } from './outbox';

/** The read-model collections a sent sign-off, confirmation or dispute changes. */
const CHANGED = ['jobs', 'sign_offs', 'students', 'mentor_stats'] as const;

/** "2 sign-offs sent" and the like, said once per drain. */
function report(result: DrainResult) {
  if (result.sent.length)
    toast.success(
      result.sent.length === 1
        ? `Sent from the outbox: ${result.sent[0].item.label}`
        : `${result.sent.length} items sent from the outbox`,
    );
  for (const item of result.refused) toast.error(`Not sent: ${item.label}. ${item.refusal?.message ?? ''}`.trim());
}

/**
 * Sends the signed-in user's outbox (docs/rules.md#outbox) whenever it may go through: on sign-in
 * and start-up, when the browser or the API comes back online, when an item is added, and when the
 * next retry is due. Mounted once, by the root layout.
 */
export function useOutboxRunner(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSessionStatus);
  const token = useAppSelector(selectToken);
  const userId = useAppSelector(selectUser)?.id;
  const reachable = useAppSelector(selectApiReachable);

  useEffect(() => {
    if (status !== 'authenticated' || !token || !userId || !outboxAvailable()) return;
    const session = { userId: String(userId), token };
    let stopped = false;
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = async (): Promise<void> => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      clearTimeout(timer);
      try {
        const box = await appOutbox();
        if (stopped) return;
        if (navigator.onLine !== false) {
          const result = await box.drain(session);
          if (stopped) return;
          report(result);
          if (result.sent.length) {
            for (const { position } of result.sent) notePosition(position);
            dispatch(api.util.invalidateTags(CHANGED.map((type) => ({ type, id: 'LIST' })) as never));
            dispatch(apiReachable());
          }
        }
        const due = await box.nextDue(session.userId);
        if (due !== null && !stopped) timer = setTimeout(() => void run(), Math.max(0, due - Date.now()) + 50);
      } catch (err) {
        console.warn('Panda: the outbox could not be sent', err);
      } finally {
        running = false;
        if (again && !stopped) {
          again = false;
          void run();
        }
      }
    };

    void run();
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    // A new item (or a retry chosen in the list) is sent at once when it can be; a change made by a
    // drain itself only brings one more pass, which finds nothing due.
    let stop = () => {};
    void appOutbox().then((box) => {
      if (!stopped) stop = box.subscribe(() => void run());
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      stop();
    };
  }, [dispatch, status, token, userId, reachable]);
}

/** The runner as a component, for the root layout to load on demand once someone is signed in. */
export function OutboxRunner() {
  useOutboxRunner();
  return null;
}
