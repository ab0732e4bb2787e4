import type { Router } from 'express';
import type { CommandDeps } from '@panda/command-service/shared/deps';
import type { QueryDeps } from '@panda/query-service/shared/deps';
import type { LiveHub } from '@panda/query-service/live/hub';
import { accountRoutes } from '@panda/command-service/accounts/routes';
import { accountQueryRoutes } from '@panda/query-service/accounts/routes';
import { adminRoutes } from '@panda/command-service/admin/routes';
import { placementRoutes } from '@panda/command-service/placements/routes';
import { adminQueryRoutes } from '@panda/query-service/admin/routes';
import { vettingRoutes } from '@panda/query-service/admin/vetting';
import { placementQueryRoutes } from '@panda/query-service/placements/routes';
import { studentRoutes } from '@panda/command-service/students/routes';
import { jobRoutes } from '@panda/command-service/jobs/routes';
import { jobPhotoRoutes } from '@panda/command-service/jobs/photos';
import { profileRoutes } from '@panda/command-service/profiles/routes';
import { studentQueryRoutes } from '@panda/query-service/students/routes';
import { jobQueryRoutes } from '@panda/query-service/jobs/routes';
import { jobPhotoQueryRoutes } from '@panda/query-service/jobs/photos';
import { profileQueryRoutes } from '@panda/query-service/profiles/routes';
import { dashboardQueryRoutes } from '@panda/query-service/dashboard/routes';
import { lookupQueryRoutes } from '@panda/query-service/lookup/routes';
import { auditCommandRoutes } from '@panda/command-service/audit/routes';
import { auditQueryRoutes } from '@panda/query-service/audit/routes';
import { logProofRoutes } from '@panda/query-service/audit/log-proof-routes';
import { credentialRoutes } from '@panda/query-service/credential/routes';
import { receiptRoutes } from '@panda/query-service/audit/receipts';
import { portfolioRoutes } from '@panda/query-service/portfolio/routes';
import { notificationRoutes } from '@panda/command-service/notifications/routes';
import { notificationQueryRoutes } from '@panda/query-service/notifications/routes';
import { supportRoutes } from '@panda/command-service/support/routes';
import { supportQueryRoutes } from '@panda/query-service/support/routes';
import { assistantRoutes } from '@panda/query-service/assistant/routes';
import { signOffRoutes } from '@panda/command-service/signoff/routes';
import { signOffQueryRoutes } from '@panda/query-service/signoff/routes';
import { chatRoutes } from '@panda/command-service/chat/routes';
import { messageIdFor, sendChatMessage } from '@panda/command-service/chat/service';
import { chatQueryRoutes } from '@panda/query-service/chat/routes';
import { criteriaRoutes } from '@panda/command-service/criteria/routes';
import { criteriaQueryRoutes } from '@panda/query-service/criteria/routes';
import { chatLive } from '@panda/query-service/chat/live';
import { payoutRoutes } from '@panda/command-service/payouts/routes';
import { payoutQueryRoutes } from '@panda/query-service/payouts/routes';

/** Command routes of every capability, and `POST /api/assistant/chat` (a POST that reads, with the query deps). */
export const commandRouters = (deps: CommandDeps, queries: QueryDeps): Router[] => [
  accountRoutes(deps),
  adminRoutes(deps),
  placementRoutes(deps),
  studentRoutes(deps),
  jobRoutes(deps),
  jobPhotoRoutes(deps),
  profileRoutes(deps),
  auditCommandRoutes(deps),
  notificationRoutes(deps),
  supportRoutes(deps),
  assistantRoutes(queries),
  chatRoutes(deps),
  signOffRoutes(deps),
  criteriaRoutes(deps),
  payoutRoutes(deps),
];

/** Query routes (GET) of every capability. */
export const queryRouters = (deps: QueryDeps): Router[] => [
  accountQueryRoutes(deps),
  adminQueryRoutes(deps),
  vettingRoutes(deps),
  placementQueryRoutes(deps),
  studentQueryRoutes(deps),
  jobQueryRoutes(deps),
  jobPhotoQueryRoutes(deps),
  profileQueryRoutes(deps),
  dashboardQueryRoutes(deps),
  lookupQueryRoutes(deps),
  logProofRoutes(deps.verifiableLog),
  credentialRoutes(deps),
  receiptRoutes(deps),
  portfolioRoutes(deps),
  auditQueryRoutes(deps),
  notificationQueryRoutes(deps),
  supportQueryRoutes(deps),
  chatQueryRoutes(deps),
  signOffQueryRoutes(deps),
  criteriaQueryRoutes(deps),
  payoutQueryRoutes(deps),
];

/** WebSocket handlers; chat appends through the command side, and this process's hub answers who is online. */
export const liveHandlers = (deps: QueryDeps, hub: LiveHub, commandDeps: CommandDeps): void => {
  const chat = chatLive(deps, hub, {
    send: (caller, input, meta) => sendChatMessage(commandDeps, caller, input, meta),
    messageIdFor,
  });
  deps.live = hub;
  commandDeps.chatPresence = chat;
};
