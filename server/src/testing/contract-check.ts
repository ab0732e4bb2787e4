import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { errorBodySchema, findRoute, isBinaryAnswer } from '@panda/contracts/route-contract';
import { routeContracts } from '@panda/contracts/routes';

/**
 * Every answer the test harness receives is checked against the contract of its route
 * (@panda/contracts/routes): a successful status the contract does not name, a JSON body its schema
 * refuses, or an error body that is not `{ detail }` throws, so the test that made the call fails.
 * Routes without a contract yet are listed in `server/src/contracts.int.test.ts`.
 *
 * With `PANDA_CONTRACT_HITS=<folder>`, each checked call also writes `METHOD /path/pattern` to a file
 * there, so `scripts/contract-coverage.ts` can tell which routes the integration tests exercise.
 */
export function checkAnswer(method: string, url: string, status: number, contentType: string | null, body: unknown) {
  const route = findRoute(routeContracts, method, url);
  if (!route) return;
  const where = `${route.method} ${route.path} answered ${status}`;
  const hits = process.env.PANDA_CONTRACT_HITS;
  if (hits) {
    mkdirSync(hits, { recursive: true });
    appendFileSync(join(hits, `${process.pid}.txt`), `${route.method} ${route.path} ${status}\n`);
  }
  if (status >= 400) {
    const parsed = errorBodySchema.safeParse(body);
    if (!parsed.success) throw new Error(`${where} with an error body that is not { detail }: ${JSON.stringify(body)}`);
    return;
  }
  if (status < 200 || status >= 300) return;
  const answer = route.responses[status as keyof typeof route.responses];
  if (!answer) throw new Error(`${where}, a status its contract does not name`);
  if (isBinaryAnswer(answer)) {
    const ok =
      contentType !== null &&
      (typeof answer.contentType === 'string'
        ? contentType.startsWith(answer.contentType)
        : answer.contentType.test(contentType));
    if (!ok) throw new Error(`${where} with content type ${contentType}, not ${String(answer.contentType)}`);
    return;
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new Error(`${where} with a body its contract refuses:\n${z.prettifyError(parsed.error)}`);
}
