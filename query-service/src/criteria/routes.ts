import { Router, type Request } from 'express';
import { DEFAULT_CRITERIA, criteriaProgress, type Criterion } from '@panda/contracts/criteria-maths';
import type { StudentCriteriaResponse } from '@panda/contracts/criteria';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { accounts } from '@panda/projections/read-models/accounts';
import { criteriaCards, criteriaTemplates } from '@panda/projections/read-models/criteria';
import { students } from '@panda/projections/read-models/training';
import { docsById } from '../shared/docs-by-id';
import type { ReadStore } from '@panda/projections/read-store';
import { startAuditRecord } from '../audit/record';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { canSeeStudent } from '../students/views';

/** The template a centre's students are measured against: its own, or the default (docs/rules.md#qualification-criteria). */
export async function templateOf(rs: ReadStore, centreId: string | null): Promise<Criterion[]> {
  const doc = centreId ? await rs.get(criteriaTemplates, centreId) : null;
  return doc ? doc.criteria : DEFAULT_CRITERIA.map((c) => ({ ...c }));
}

/** docs/api-training.md, "Qualification criteria" */
export function criteriaQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;

  r.get('/api/centre/criteria', auth, requireRole('training_centre'), async (req, res) => {
    const doc = await rs.get(criteriaTemplates, authOf(req).id);
    const history = doc ? [...doc.history].reverse() : [];
    const names = await docsById(rs, accounts, [...new Set(history.map((h) => h.changed_by))]);
    res.json({
      criteria: doc ? doc.criteria : DEFAULT_CRITERIA,
      is_default: !doc,
      history: history.map((h) => ({
        changed_at: h.changed_at,
        changed_by: { id: h.changed_by, name: names.get(h.changed_by)?.Name ?? 'Unknown account' },
        criteria: h.criteria,
      })),
    });
  });

  r.get('/api/students/:id/criteria', auth, async (req: Request, res) => {
    const a = authOf(req);
    const id = String(req.params.id);
    const student = await rs.get(students, id);
    const allowed = student && (a.role === 'auditor' || canSeeStudent(a, student));
    if (!student || !allowed) throw notFound('Student not found');
    const onDisk =
      a.role === 'auditor'
        ? await startAuditRecord(deps, req, a, 'student_criteria', { type: 'student', id }, null)
        : null;
    const [template, cards] = await Promise.all([templateOf(rs, student.centre_id), rs.get(criteriaCards, id)]);
    const progress = criteriaProgress(template, cards?.cards ?? []);
    const body: StudentCriteriaResponse = {
      student_id: id,
      criteria: progress.map((p) => ({
        ...pick(p, ['code', 'title', 'job_types', 'appliance_kinds', 'required', 'evidenced', 'met']),
        cards: p.cards.map((c) => pick(c, ['signature_id', 'job_id', 'job_type', 'appliance_kind', 'date'])),
      })),
      met: progress.filter((p) => p.met).length,
      total: progress.length,
    };
    await onDisk?.();
    res.json(body);
  });

  return r;
}
