import { z } from 'zod';
import { APPLIANCE_KINDS } from './evidence';
import { requiredText } from './fields';
import { JOB_TYPES } from './job-types';
import { commandResultSchema, defineRoutes } from './route-contract';

/** Qualification criteria (docs/rules.md#qualification-criteria); the default template and the maths are in ./criteria-maths. */
export { DEFAULT_CRITERIA, criteriaProgress, evidences } from './criteria-maths';
export type { Criterion, CriteriaCard, CriterionProgress } from './criteria-maths';

export const MAX_CRITERIA = 30;
export const MAX_REQUIRED = 500;
export const CRITERIA_TEXTS = {
  code: 'Please enter a code of letters, digits or dashes (at most 20)',
  title: 'Please enter a title',
  required: `Cards required must be a whole number from 1 to ${MAX_REQUIRED}`,
  evidencedBy: 'Please choose at least one job type or appliance',
  duplicateCode: 'Each criterion needs its own code',
  none: 'Please keep at least one criterion',
  tooMany: `At most ${MAX_CRITERIA} criteria`,
} as const;

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;

/** One criterion as the centre edits it and the API answers it. */
export const criterionSchema = z
  .object({
    code: z
      .string({ error: CRITERIA_TEXTS.code })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => CODE.test(v), CRITERIA_TEXTS.code),
    title: requiredText(CRITERIA_TEXTS.title, 100),
    job_types: z.array(z.enum(JOB_TYPES)).max(JOB_TYPES.length),
    appliance_kinds: z.array(z.enum(APPLIANCE_KINDS)).max(APPLIANCE_KINDS.length),
    required: z.coerce
      .number({ error: CRITERIA_TEXTS.required })
      .int(CRITERIA_TEXTS.required)
      .min(1, CRITERIA_TEXTS.required)
      .max(MAX_REQUIRED, CRITERIA_TEXTS.required),
  })
  .transform((c) => ({ ...c, job_types: [...new Set(c.job_types)], appliance_kinds: [...new Set(c.appliance_kinds)] }))
  .superRefine((c, ctx) => {
    if (c.job_types.length === 0 && c.appliance_kinds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['job_types'], message: CRITERIA_TEXTS.evidencedBy });
  });

/** PUT /api/centre/criteria: the whole template, replacing the centre's current one. */
export const criteriaTemplateRequest = z.object({
  criteria: z
    .array(criterionSchema, { error: CRITERIA_TEXTS.none })
    .min(1, CRITERIA_TEXTS.none)
    .max(MAX_CRITERIA, CRITERIA_TEXTS.tooMany)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((c, i) => {
        if (seen.has(c.code))
          ctx.addIssue({ code: 'custom', path: [i, 'code'], message: CRITERIA_TEXTS.duplicateCode });
        seen.add(c.code);
      });
    }),
});
export type CriteriaTemplateRequest = z.input<typeof criteriaTemplateRequest>;

const criterionView = z.strictObject({
  code: z.string(),
  title: z.string(),
  job_types: z.array(z.enum(JOB_TYPES)),
  appliance_kinds: z.array(z.enum(APPLIANCE_KINDS)),
  required: z.number().int(),
});
export type CriterionView = z.infer<typeof criterionView>;

/** GET /api/centre/criteria: the template in force (the default until the centre changes it) and every change, newest first. */
export const criteriaTemplateResponse = z.strictObject({
  criteria: z.array(criterionView),
  is_default: z.boolean(),
  history: z.array(
    z.strictObject({
      changed_at: z.string(),
      changed_by: z.strictObject({ id: z.string(), name: z.string() }),
      criteria: z.array(criterionView),
    }),
  ),
});
export type CriteriaTemplateResponse = z.infer<typeof criteriaTemplateResponse>;

export const saveCriteriaResponse = commandResultSchema.extend({ criteria: z.array(criterionView) }).strict();

/** A card behind a criterion. */
export const criteriaCardView = z.strictObject({
  signature_id: z.string(),
  job_id: z.string(),
  job_type: z.enum(JOB_TYPES),
  appliance_kind: z.enum(APPLIANCE_KINDS).nullable(),
  /** The day the work was done. */
  date: z.string(),
});
export type CriteriaCardView = z.infer<typeof criteriaCardView>;

/** GET /api/students/:id/criteria: progress per criterion of the student's centre's template. */
export const studentCriteriaResponse = z.strictObject({
  student_id: z.string(),
  criteria: z.array(
    criterionView.extend({ evidenced: z.number().int(), met: z.boolean(), cards: z.array(criteriaCardView) }).strict(),
  ),
  met: z.number().int(),
  total: z.number().int(),
});
export type StudentCriteriaResponse = z.infer<typeof studentCriteriaResponse>;

export const criteriaRoutes = defineRoutes([
  { method: 'GET', path: '/api/centre/criteria', responses: { 200: criteriaTemplateResponse } },
  {
    method: 'PUT',
    path: '/api/centre/criteria',
    body: criteriaTemplateRequest,
    responses: { 200: saveCriteriaResponse },
  },
  { method: 'GET', path: '/api/students/:id/criteria', responses: { 200: studentCriteriaResponse } },
]);
