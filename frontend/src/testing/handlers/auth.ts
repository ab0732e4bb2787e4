import type { SignUpRequest } from '@panda/contracts/accounts';
import { contractHttp } from '../contract-http';
import { testUser } from '../fixtures';

/**
 * POST /api/auth/signup as the server answers a new account: 201 with a token and the user made
 * from the request (the request itself checked by the route's contract). `sent` collects each
 * accepted request body; `hold` keeps every answer back until it resolves (to act while a request is
 * in flight); pass `respond` to answer otherwise (it gets the same tools as contractHttp).
 */
export function signUpHandler(options: { hold?: Promise<void>; respond?: Parameters<typeof contractHttp>[2] } = {}) {
  const { hold, respond } = options;
  const sent: SignUpRequest[] = [];
  const handler = contractHttp('POST', '/api/auth/signup', async (tools) => {
    const body = tools.body as SignUpRequest;
    sent.push(body);
    await hold;
    if (respond) return respond(tools);
    const user = testUser(body.Role, {
      id: 'new-user-1',
      First_Name: body.First_Name,
      Last_Name: body.Last_Name,
      Name:
        body.Role === 'training_centre' ? (body.Training_Centre_Name ?? '') : `${body.First_Name} ${body.Last_Name}`,
      Email: body.Email,
    });
    return tools.ok(201, { token: 'token-new-user-1', user, role: body.Role, position: 7 });
  });
  return { handler, sent };
}
