import type { CriteriaCard, Criterion } from '@panda/contracts/criteria-maths';
import type { JobType } from '@panda/contracts/job-types';
import { signatureIdOf } from '@panda/events/catalogue/training';
import type { CriterionRecord } from '@panda/events/catalogue/criteria';
import { collection } from '../typed-collection';
import { audienceOf, defineProjection } from '../typed-projection';

/** Qualification criteria: docs/read-models.md#criteria. */

export interface CriteriaTemplateDoc {
  id: string;
  criteria: Criterion[];
  history: { changed_at: string; changed_by: string; criteria: Criterion[] }[];
  _audience: string[];
}

export interface CriteriaCardEntry extends CriteriaCard {
  /** When the server recorded the sign-off. */
  signed_at: string;
}

export interface CriteriaCardsDoc {
  id: string;
  job_types: Record<string, JobType>;
  cards: CriteriaCardEntry[];
  _audience: string[];
}

export const criteriaTemplates = collection<CriteriaTemplateDoc>('criteria_templates');
export const criteriaCards = collection<CriteriaCardsDoc>('criteria_cards');

export const criterionOf = (c: CriterionRecord): Criterion => ({
  code: c.code,
  title: c.title,
  job_types: c.jobTypes,
  appliance_kinds: c.applianceKinds,
  required: c.required,
});

const emptyCards = (studentId: string): CriteriaCardsDoc => ({
  id: studentId,
  job_types: {},
  cards: [],
  _audience: audienceOf(studentId),
});

export const criteriaProjection = defineProjection({
  name: 'criteria',
  collections: { [criteriaTemplates.name]: [], [criteriaCards.name]: [] },
  on: {
    CriteriaTemplateChanged: async ({ time, data: d }, ctx) => {
      const doc = (await criteriaTemplates.in(ctx).get(d.centreId)) ?? {
        id: d.centreId,
        criteria: [],
        history: [],
        _audience: audienceOf(d.centreId),
      };
      doc.criteria = d.criteria.map(criterionOf);
      doc.history.push({ changed_at: time, changed_by: d.changedBy, criteria: doc.criteria });
      criteriaTemplates.in(ctx).put(doc);
    },
    JobOpened: async ({ data: d }, ctx) => {
      const doc = (await criteriaCards.in(ctx).get(d.studentId)) ?? emptyCards(d.studentId);
      doc.job_types[d.jobId] = d.jobType;
      criteriaCards.in(ctx).put(doc);
    },
    JobCardSigned: async ({ time, data: d }, ctx) => {
      const doc = await criteriaCards.in(ctx).get(d.studentId);
      const jobType = doc?.job_types[d.jobId];
      if (!doc || !jobType) return;
      doc.cards.push({
        signature_id: signatureIdOf(d),
        job_id: d.jobId,
        job_type: jobType,
        appliance_kind: d.evidence?.appliance.kind ?? null,
        date: d.signature.date,
        signed_at: d.signedAt ?? time,
        revoked: false,
      });
      criteriaCards.in(ctx).put(doc);
    },
    SignatureRevoked: async ({ data: d }, ctx) => {
      const doc = await criteriaCards.in(ctx).get(d.studentId);
      const card = doc?.cards.find((c) => c.signature_id === d.signatureId);
      if (!doc || !card) return;
      card.revoked = true;
      criteriaCards.in(ctx).put(doc);
    },
    StudentRegistered: ({ data: d }, ctx) => void criteriaCards.in(ctx).put(emptyCards(d.accountId)),
  },
});
