import { z } from 'zod';
import { defineRoutes } from './route-contract';

/**
 * Query filters of the admin tables (ruling 24; issue 9: sorting and filters locked, unvetted,
 * unplaced). Paging itself (`limit`, `cursor`, `q`, `sort`) is `pageQuerySchema` of ./paging.
 */
const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();

export const adminListFiltersSchema = z.object({
  /** Only locked (true) or only unlocked (false) accounts. */
  locked: flag('locked'),
  /** Mentors and centres: only vetted (true) or only unvetted (false). */
  vetted: flag('vetted'),
  /** Students: only placed (true) or only unplaced (false). */
  placed: flag('placed'),
});
export type AdminListFilters = z.infer<typeof adminListFiltersSchema>;

export const PLACEMENT_STATUSES = ['pending', 'active', 'completed', 'cancelled'] as const;
export const adminPlacementFiltersSchema = z.object({
  status: z.enum(PLACEMENT_STATUSES, { error: `status must be one of ${PLACEMENT_STATUSES.join(', ')}` }).optional(),
});

/** What every admin user-table row has (spec §3 "Admin list item"); the rest passes through. */
export const adminListItemSchema = z.looseObject({
  id: z.string(),
  Name: z.string(),
  Email: z.string(),
  Created_At: z.string(),
  account_locked: z.boolean(),
});
export const adminStudentsPageSchema = z.object({
  students: z.array(adminListItemSchema.extend({ Matched: z.boolean(), placement_status: z.string().nullable() })),
});
export const adminMentorsPageSchema = z.object({
  mentors: z.array(adminListItemSchema.extend({ vetted: z.boolean(), student_count: z.number() })),
});
export const adminCentresPageSchema = z.object({
  training_centres: z.array(adminListItemSchema.extend({ vetted: z.boolean(), student_count: z.number() })),
});
export const adminPlacementsPageSchema = z.object({
  placements: z.array(
    z.looseObject({
      id: z.string(),
      Status: z.enum(PLACEMENT_STATUSES),
      student_name: z.string(),
      mentor_name: z.string(),
      Created_At: z.string(),
    }),
  ),
});

/** The admin tables. Route contracts: see ./route-contract. */
export const adminRoutes = defineRoutes([]);
