import { defineRoutes } from './route-contract';

/** Audit (replay, verify, evidence, access log). Route contracts: see ./route-contract. */
export const auditRoutes = defineRoutes([]);
