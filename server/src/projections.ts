import type { Projection } from '@panda/projections/projection';
import { accountsProjection } from '@panda/projections/read-models/accounts';

/** Every read model of the product. A capability adds its projections here. */
export const allProjections: Projection[] = [accountsProjection];
