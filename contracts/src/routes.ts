import { accountsRoutes } from './accounts';
import { adminRoutes } from './admin';
import { assistantRoutes } from './assistant';
import { auditRoutes } from './audit';
import { chatRoutes } from './chat';
import { criteriaRoutes } from './criteria';
import { notificationsRoutes } from './notifications';
import { payoutsRoutes } from './payouts';
import { placementsRoutes } from './placements';
import { portfolioRoutes } from './portfolio';
import type { RouteContract } from './route-contract';
import { signoffRoutes } from './signoff';
import { supportRoutes } from './support';
import { trainingRoutes } from './training';

/** Every `/api` route's contract, one table per capability (see ./route-contract). */
export const routeContracts: readonly RouteContract[] = [
  ...accountsRoutes,
  ...adminRoutes,
  ...assistantRoutes,
  ...auditRoutes,
  ...chatRoutes,
  ...criteriaRoutes,
  ...notificationsRoutes,
  ...payoutsRoutes,
  ...placementsRoutes,
  ...portfolioRoutes,
  ...signoffRoutes,
  ...supportRoutes,
  ...trainingRoutes,
];
