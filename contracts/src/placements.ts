import { defineRoutes } from './route-contract';

/** Placements (matching, proposals, acceptance). Route contracts: see ./route-contract. */
export const placementsRoutes = defineRoutes([]);
