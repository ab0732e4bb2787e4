import { defineRoutes } from './route-contract';

/**
 * Training (requirements, jobs, job cards, the centre's students, the dashboard overview). Route
 * contracts: see ./route-contract.
 */
export const trainingRoutes = defineRoutes([]);
