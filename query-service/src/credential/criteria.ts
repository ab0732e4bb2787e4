import { evidences as criterionEvidences, type Criterion } from '@panda/contracts/criteria';
import type { ApplianceKind } from '@panda/contracts/evidence';
import type { JobType } from '@panda/contracts/job-types';
import type { ReadStore } from '@panda/projections/read-store';
import { templateOf } from '../criteria/routes';

export type { Criterion };

/** The criteria a student's credential is measured against: their centre's template, or the default (docs/rules.md#qualification-criteria). */
export const criteriaForCentre = (rs: ReadStore, centreId: string | null): Promise<Criterion[]> =>
  templateOf(rs, centreId);

/** The qualification rule: a card evidences a criterion listing its job type or its appliance kind. */
export const evidences = (c: Criterion, card: { jobType: JobType | null; applianceKind: ApplianceKind | null }) =>
  criterionEvidences(c, {
    signature_id: '',
    job_id: '',
    // A card whose job was never opened in the stream has no job type: only its appliance can match.
    job_type: card.jobType as JobType,
    appliance_kind: card.applianceKind,
    date: '',
    revoked: false,
  });
