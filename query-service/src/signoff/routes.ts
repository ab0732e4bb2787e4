import { Router } from 'express';
import { disputesQuery, type SignOffView } from '@panda/contracts/signoff';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import type { ReadStore } from '@panda/projections/read-store';
import { accounts } from '@panda/projections/read-models/accounts';
import { signOffView, type SignOffDoc, signOffs, disputeRows } from '@panda/projections/read-models/sign-offs';
import type { QueryDeps } from '../shared/deps';
import { docsById } from '../shared/docs-by-id';

/** The sign-off with the names of its student, mentor and centre (accounts read model: one read for all). */
async function signOffWithNames(rs: ReadStore, d: SignOffDoc): Promise<SignOffView> {
  const parties = await docsById(rs, accounts, [d.student_id, d.mentor_id, d.centre_id]);
  const name = (id: string | null) => (id ? parties.get(id)?.Name : undefined);
  return signOffView(d, { student: name(d.student_id), mentor: name(d.mentor_id), centre: name(d.centre_id) });
}

/** The Disputes list's sort: when the trainee disputed (the default direction depends on the status). */
const DISPUTES_LIST: Omit<ListSpec, 'defaultSort'> = {
  sorts: { disputed: 'disputed_at' },
  // `?q`: the people's names, the job type or the trainee's reason (docs/rules.md#list-search).
  search: ['student_name', 'mentor_name', 'centre_name', 'job_type', 'dispute.reason'],
};

/** docs/api-signoff.md */
export function signOffQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;

  r.get('/api/signatures/:signatureId', auth, async (req, res) => {
    const who = authOf(req);
    const d = await rs.get(signOffs, String(req.params.signatureId));
    const maySee = d && (who.role === 'admin' || [d.student_id, d.mentor_id, d.centre_id].includes(who.id));
    if (!d || !maySee) throw notFound('Sign-off not found');
    res.json(await signOffWithNames(rs, d));
  });

  r.get('/api/admin/disputes', auth, requireRole('admin'), async (req, res) => {
    const q = validate(disputesQuery, req.query);
    const filter =
      q.status === 'open'
        ? { open_dispute: true }
        : q.status === 'resolved'
          ? { trainee_status: 'disputed', open_dispute: false }
          : { trainee_status: 'disputed' };
    const paging = parsePaging(req.query, {
      ...DISPUTES_LIST,
      defaultSort: q.status === 'open' ? 'disputed' : '-disputed',
    });
    // Each disputed sign-off as stored for this list (read-models/sign-offs `dispute_rows`).
    const page = await findPage(rs, disputeRows, filter, paging);
    setPageHeaders(req, res, page);
    res.json(page.items);
  });

  return r;
}
