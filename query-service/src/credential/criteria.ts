import { evidences as criterionEvidences, type Criterion } from '@panda/contracts/criteria';
import type { ApplianceKind } from '@panda/contracts/evidence';
import type { JobType } from '@panda/contracts/job-types';

export type { Criterion };

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
