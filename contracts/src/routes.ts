import { accountsRoutes } from './accounts';
import { adminRoutes } from './admin';
import { assistantRoutes } from './assistant';
import { auditRoutes } from './audit';
import { chatRoutes } from './chat';
import { notificationsRoutes } from './notifications';
import { placementsRoutes } from './placements';
import type { RouteContract } from './route-contract';
import { signoffRoutes } from './signoff';
import { supportRoutes } from './support';
import { trainingRoutes } from './training';
import { evidenceRoutes } from './evidence';

/** Every `/api` route's contract, one table per capability (see ./route-contract). */
export const routeContracts: readonly RouteContract[] = [
  ...accountsRoutes,
  ...adminRoutes,
  ...assistantRoutes,
  ...auditRoutes,
  ...chatRoutes,
  ...notificationsRoutes,
  ...placementsRoutes,
  ...signoffRoutes,
  ...supportRoutes,
  ...trainingRoutes,
  ...evidenceRoutes,
];
