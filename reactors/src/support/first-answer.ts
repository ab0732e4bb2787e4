import type { EventStore } from '@panda/events/event-store';
import { ticketStream } from '@panda/events/catalogue/support';
import type { Reactor } from '../shared/reactor';
import { handle } from '@panda/command-service/shared/decider';
import { ticketDecider } from '@panda/command-service/support/decider';
import { answerFromKnowledge, FALLBACK } from '@panda/query-service/assistant/answers';
import { knowledgeBase, type HelpRole } from '@panda/query-service/assistant/knowledge';

/**
 * The AI Assistant's first answer to a new support ticket (docs/rules.md#support-tickets), made from the event log by a
 * reactor and never inside the request: for each TicketOpened it appends a TicketReplied by the
 * assistant with the best help article for the owner's role (and links to the screens it names).
 * Idempotent by ticket id: the command id is derived from the ticket, and the decider answers once
 * per ticket, so seeing the event again (at-least-once delivery) never answers twice.
 */
export const FIRST_ANSWER = 'support-first-answer';

export const INTRO =
  'Thanks for getting in touch. While our support team looks at your ticket, here is what our help says:';

export function supportFirstAnswerReactor(store: EventStore, clock: () => Date): Reactor {
  return {
    name: FIRST_ANSWER,
    handles: ['TicketOpened'],
    async react(e) {
      const d = e.data as { ticketId: string; ownerRole: HelpRole; subject: string; message: string };
      const hit = answerFromKnowledge(knowledgeBase(), d.ownerRole, `${d.subject} ${d.message}`) ?? FALLBACK;
      const message = hit.source === 'fallback' ? hit.response : `${INTRO} ${hit.response}`;
      await handle(
        store,
        ticketStream(d.ticketId),
        ticketDecider,
        { type: 'ReplyTicket', ticketId: d.ticketId, actor: { kind: 'assistant' }, message, links: hit.links },
        {
          time: clock().toISOString(),
          actorId: null,
          correlationId: e.correlationId,
          commandId: `ai-first-answer-${d.ticketId}`,
        },
      );
    },
  };
}
