import { setupServer } from 'msw/node';

/**
 * The MSW server every component test shares. It starts with no handlers: a test states the
 * answers it relies on with `server.use(...)` (see ./handlers), and any call it did not expect
 * fails the test (setup.ts records it and throws after the test).
 */
export const server = setupServer();
