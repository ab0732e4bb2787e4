import { Router } from 'express';
import { assistantChatRequest } from '@panda/contracts/assistant';
import type { Logger } from '@panda/platform/logger';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import type { QueryDeps } from '../shared/deps';
import { FALLBACK, answerFromArticle, answerFromData, answerFromKnowledge, type GroundedAnswer } from './answers';
import { INTENTS, classifyQuestion, type DataIntent } from './intents';
import { knowledgeBase } from './knowledge';

/** The optional OpenAI-compatible backend (docs/rules.md#offline-assistant): ASSISTANT_LLM_URL, ASSISTANT_LLM_MODEL, ASSISTANT_LLM_API_KEY. */
export function languageModelFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const url = env.ASSISTANT_LLM_URL?.trim();
  if (!url) return null;
  return {
    url,
    model: env.ASSISTANT_LLM_MODEL?.trim() || 'gpt-4o-mini',
    apiKey: env.ASSISTANT_LLM_API_KEY?.trim() || null,
  };
}

export type LanguageModel = NonNullable<ReturnType<typeof languageModelFromEnv>>;

/** docs/rules.md#offline-assistant: the grounded answer stands when the model has not answered within 8 s. */
export async function rephrase(llm: LanguageModel, question: string, grounded: GroundedAnswer, logger: Logger) {
  try {
    const res = await fetch(`${llm.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0.2,
        messages: [
          {
            role: 'system',
            content:
              'You are the Panda platform assistant. Rephrase the ANSWER to reply to the QUESTION in a friendly, concise way. Use only facts in the ANSWER; never add numbers, names or steps.',
          },
          { role: 'user', content: `QUESTION: ${question}\nANSWER: ${grounded.response}` },
        ],
      }),
      signal: AbortSignal.timeout(8000),
    });
    if (!res.ok) throw new Error(`language model answered ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const text = body.choices?.[0]?.message?.content?.trim();
    return text || grounded.response;
  } catch (err) {
    logger.warn({ err }, 'assistant: language model unavailable; answering with the grounded answer');
    return grounded.response;
  }
}

/** docs/api-support.md, docs/rules.md#offline-assistant; a POST, so mounted with the command routes. */
export function assistantRoutes(
  deps: Pick<QueryDeps, 'readStore' | 'authenticator' | 'logger'>,
  llm: LanguageModel | null = languageModelFromEnv(),
): Router {
  const r = Router();
  r.post(
    '/api/assistant/chat',
    authenticate(deps.authenticator),
    requireRole('student', 'mentor', 'training_centre'),
    async (req, res) => {
      const auth = authOf(req);
      const body = validate(assistantChatRequest, req.body);
      const role = auth.role as 'student' | 'mentor' | 'training_centre';
      const history = body.conversation_history.filter((h) => h.role === 'user').map((h) => h.content);
      const kb = knowledgeBase();
      const { intent, kind } = classifyQuestion(body.message);
      const direct =
        intent && kind === 'data'
          ? await answerFromData(deps.readStore, auth, body.message, intent as DataIntent)
          : intent && kind === 'howto'
            ? answerFromArticle(kb, role, INTENTS[intent].article ?? '')
            : null;
      const grounded = direct ?? answerFromKnowledge(kb, role, body.message, history) ?? FALLBACK;
      const response =
        llm && grounded.source !== 'fallback'
          ? await rephrase(llm, body.message, grounded, deps.logger)
          : grounded.response;
      res.json({ ...grounded, response });
    },
  );
  return r;
}
