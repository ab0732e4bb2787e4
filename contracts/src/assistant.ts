import { z } from 'zod';
import { multiLineText } from './fields';
import { defineRoutes } from './route-contract';

/** Smart Assistant (spec §7 Assistant; docs/rules.md#offline-assistant). */

export const assistantHistoryEntry = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(4000),
});

export const assistantChatRequest = z.object({
  message: multiLineText('Please enter a message')
    .trim()
    .min(1, 'Please enter a message')
    .max(2000, 'Must be at most 2000 characters'),
  /** Sent by the client as the spec says; the server uses the role of the session, never this. */
  user_role: z.string().max(40).optional(),
  /** The last 5 messages (spec §9). */
  conversation_history: z.array(assistantHistoryEntry).max(5, 'Send at most the last 5 messages').default([]),
});
export type AssistantChatRequest = z.infer<typeof assistantChatRequest>;

export const assistantLink = z.object({ label: z.string(), path: z.string() });

export const assistantChatResponse = z.object({
  response: z.string(),
  /** Where the answer came from: the user's own data, the help knowledge base, or neither. */
  source: z.enum(['data', 'knowledge_base', 'fallback']),
  links: z.array(assistantLink),
  /** Help articles the answer drew on. */
  articles: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type AssistantChatResponse = z.infer<typeof assistantChatResponse>;

/** The Smart Assistant's route. Route contracts: see ./route-contract. */
export const assistantRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/assistant/chat',
    body: assistantChatRequest,
    responses: { 200: assistantChatResponse },
  },
]);
