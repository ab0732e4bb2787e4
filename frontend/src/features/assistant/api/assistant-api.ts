import type { AssistantChatRequest, AssistantChatResponse } from '@panda/contracts/assistant';
import { api } from '../../../lib/api';

/** POST /api/assistant/chat (spec §7 Assistant; docs/rules.md#offline-assistant). */
export type { AssistantChatRequest, AssistantChatResponse };

export const assistantApi = api.injectEndpoints({
  endpoints: (build) => ({
    askAssistant: build.mutation<AssistantChatResponse, AssistantChatRequest>({
      query: (body) => ({ url: '/assistant/chat', method: 'POST', body }),
    }),
  }),
});

export const { useAskAssistantMutation } = assistantApi;
