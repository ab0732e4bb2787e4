import { z } from 'zod';
import { defineEvent } from '../define';
import { APPLIANCE_KINDS } from '@panda/contracts/evidence';
import { jobTypeSchema } from '@panda/contracts/training';

/** A centre's criteria template (docs/rules.md#qualification-criteria) lives in its own stream, every change kept. */
export const criteriaStream = (centreId: string) => `criteria-${centreId}`;

export const criterionRecord = z.object({
  code: z.string(),
  title: z.string(),
  jobTypes: z.array(jobTypeSchema),
  applianceKinds: z.array(z.enum(APPLIANCE_KINDS)),
  required: z.number().int().min(1),
});
export type CriterionRecord = z.infer<typeof criterionRecord>;

/** A centre replaced its template of criteria with `criteria` (the whole template, not a difference). */
export const CriteriaTemplateChanged = defineEvent(
  'CriteriaTemplateChanged',
  z.object({ centreId: z.string(), changedBy: z.string(), criteria: z.array(criterionRecord).min(1) }),
);

export const criteriaEvents = [CriteriaTemplateChanged] as const;
