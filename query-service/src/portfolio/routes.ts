import { Router, type Request, type Response } from 'express';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate } from '@panda/platform/http';
import { accounts } from '@panda/projections/read-models/accounts';
import type { QueryDeps } from '../shared/deps';
import { portfolioPdf } from './pdf';
import { buildPortfolio } from './portfolio';

/** docs/api-audit.md, "Portfolio" */
export function portfolioRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  async function answer(req: Request, res: Response, studentId: string, kind: 'json' | 'pdf') {
    const p = await buildPortfolio(deps, studentId);
    if (!p) throw notFound('Student not found');
    const safeName = p.student.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'student';
    const file = `portfolio-${safeName}-${p.exported_at.slice(0, 10)}.${kind}`;
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.setHeader('Cache-Control', 'no-store');
    if (p.log.head_hash) res.setHeader('X-Log-Head-Hash', p.log.head_hash);
    if (kind === 'json') return res.json(p);
    const pdf = await portfolioPdf(p, async (sha) => (await deps.blobs.get(sha))?.bytes ?? null);
    res.type('application/pdf').send(pdf);
  }

  const own = (kind: 'json' | 'pdf') => async (req: Request, res: Response) => {
    const who = authOf(req);
    if (who.role !== 'student') throw notFound('Only a student has a portfolio of their own');
    await answer(req, res, who.id, kind);
  };
  r.get('/api/portfolio.json', auth, own('json'));
  r.get('/api/portfolio.pdf', auth, own('pdf'));

  const ofStudent = (kind: 'json' | 'pdf') => async (req: Request, res: Response) => {
    const who = authOf(req);
    const id = String(req.params.id);
    // The centre as the read model says now; the portfolio itself is folded from the log (docs/rules.md#server-side-access).
    const student = await deps.readStore.get(accounts, id);
    const allowed =
      student?.role === 'student' &&
      (who.role === 'admin' || (who.role === 'training_centre' && student.centre_id === who.id));
    if (!allowed) throw notFound('Student not found');
    await answer(req, res, id, kind);
  };
  r.get('/api/students/:id/portfolio.json', auth, ofStudent('json'));
  r.get('/api/students/:id/portfolio.pdf', auth, ofStudent('pdf'));
  return r;
}
