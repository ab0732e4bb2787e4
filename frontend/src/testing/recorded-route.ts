import type { HttpMethod } from '@panda/contracts/route-contract';
import { contractHttp } from './contract-http';

type Tools = Parameters<Parameters<typeof contractHttp>[2]>[0];

/**
 * One route of the contracts that records each request body it accepts (`sent`, as the route's
 * schema parsed it) and answers with `answer`. `hold()` keeps the answers back until `release()`,
 * to act while a request is in flight (a second submit, the pending button).
 */
export function recordedRoute(
  method: HttpMethod,
  path: `/api/${string}`,
  answer: (tools: Tools) => Response | Promise<Response>,
) {
  const sent: unknown[] = [];
  let gate: Promise<void> | null = null;
  let open = () => {};
  const handler = contractHttp(method, path, async (tools) => {
    sent.push(tools.body);
    await gate;
    return answer(tools);
  });
  return {
    handler,
    sent,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = null;
    },
  };
}
