import type { Router } from 'express';
import type { CommandDeps } from '@panda/command-service/shared/deps';
import type { QueryDeps } from '@panda/query-service/shared/deps';
import type { LiveHub } from '@panda/query-service/live/hub';
import { accountRoutes } from '@panda/command-service/accounts/routes';
import { accountQueryRoutes } from '@panda/query-service/accounts/routes';

/** Command routes (POST/PUT/PATCH/DELETE) of every capability. */
export const commandRouters = (deps: CommandDeps): Router[] => [accountRoutes(deps)];

/** Query routes (GET) of every capability. */
export const queryRouters = (deps: QueryDeps): Router[] => [accountQueryRoutes(deps)];

/** WebSocket message handlers of every capability (chat arrives with its capability). */
export const liveHandlers = (_deps: QueryDeps, _hub: LiveHub): void => {};
