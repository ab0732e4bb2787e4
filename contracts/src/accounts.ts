import { defineRoutes } from './route-contract';

/**
 * Accounts (sign-up, sign-in, sessions, profile, passwords, lock, vet; the admin portal's account
 * calls; lookup). Route contracts: see ./route-contract.
 */
export const accountsRoutes = defineRoutes([]);
