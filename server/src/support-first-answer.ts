import type { EventStore } from '@panda/events/event-store';
import { ticketStream } from '@panda/events/catalogue/support';
import type { ReadStore } from '@panda/projections/read-store';
import { CheckpointConflictError } from '@panda/projections/read-store';
import type { Logger } from '@panda/platform/logger';
import { handle } from '@panda/command-service/shared/decider';
import { ticketDecider } from '@panda/command-service/support/decider';
import { answerFromKnowledge, FALLBACK } from '@panda/query-service/assistant/answers';
import { knowledgeBase, type HelpRole } from '@panda/query-service/assistant/knowledge';

/**
 * The AI Assistant's first answer to a new support ticket (ruling 16), made from the event log and
 * never inside the request: a checkpointed subscriber reads the log after its checkpoint, and for
 * each TicketOpened appends a TicketReplied by the assistant with the best help article (and links
 * to the screens it mentions). Idempotent by ticket id: the command id is derived from the ticket,
 * and the decider answers once per ticket; so a crash between the append and the checkpoint, or two
 * processes running it, never answers twice. The checkpoint lives in the read store beside the
 * projections' (name `support-first-answer`).
 *
 * Small and self-contained on purpose: when the general reactor framework (server/src/reactors)
 * lands, this folds into it as one handler.
 */
export const FIRST_ANSWER = 'support-first-answer';

export const INTRO = "Thanks for getting in touch. While our support team looks at your ticket, here is what our help says:";

export interface FirstAnswerDeps {
  store: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
}

/** Answers every unanswered ticket opened after the checkpoint; returns the new checkpoint. */
export async function answerNewTickets(deps: FirstAnswerDeps, batch = 200): Promise<number> {
  const from = await deps.readStore.checkpoint(FIRST_ANSWER);
  const events = await deps.store.readAll(from, batch);
  if (events.length === 0) return from;
  for (const e of events) {
    if (e.type !== 'TicketOpened') continue;
    const d = e.data as { ticketId: string; ownerRole: HelpRole; subject: string; message: string };
    const hit = answerFromKnowledge(knowledgeBase(), d.ownerRole, `${d.subject} ${d.message}`) ?? FALLBACK;
    const message = hit.source === 'fallback' ? hit.response : `${INTRO} ${hit.response}`;
    await handle(deps.store, ticketStream(d.ticketId), ticketDecider, { type: 'ReplyTicket', ticketId: d.ticketId, actor: { kind: 'assistant' }, message, links: hit.links }, {
      time: deps.clock().toISOString(),
      actorId: null,
      correlationId: e.correlationId,
      commandId: `ai-first-answer-${d.ticketId}`,
    });
  }
  const to = events[events.length - 1].position;
  await deps.readStore.commit(FIRST_ANSWER, from, to, []);
  return to;
}

/** Runs `answerNewTickets` until stopped, waiting for appends in between. */
export function startFirstAnswers(deps: FirstAnswerDeps): { stop(): Promise<void> } {
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const before = await deps.readStore.checkpoint(FIRST_ANSWER);
        const after = await answerNewTickets(deps);
        if (after === before) await deps.store.waitForAppend(after, 5000, abort.signal);
      } catch (err) {
        if (abort.signal.aborted) break;
        // Another process moved the checkpoint first: it answered the same tickets; read again.
        if (!(err instanceof CheckpointConflictError)) deps.logger.error({ err }, 'support first answers: failed; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
  };
}
