import { z } from 'zod';
import { defineRoutes } from './route-contract';
import { receiptSchema } from './receipt';
import { disputeView, traineeStatusSchema } from './signoff';

/**
 * A trainee's portfolio (docs/rules.md#portfolio): every signed card with its evidence, signature,
 * countersign and dispute, the criteria it evidences, and each card's receipt; the log's head at export.
 * `GET /api/portfolio.json|.pdf` (the student) and `GET /api/students/{id}/portfolio.json|.pdf` (their
 * centre, admins). The PDF holds the same content.
 */
export const portfolioEvidence = z.object({
  site_postcode: z.string(),
  appliance: z.object({
    kind: z.string(),
    label: z.string(),
    make: z.string().nullable(),
    model: z.string().nullable(),
  }),
  work_done: z.string(),
  duration_minutes: z.number().int(),
  photos: z.array(z.object({ photo_id: z.string(), sha256: z.string(), dhash: z.string() })),
});

export const portfolioCard = z.object({
  signature_id: z.string(),
  job_id: z.string(),
  job_type: z.string(),
  card_number: z.number().int(),
  total_count: z.number().int(),
  /** Where the sign-off's event is in the log, and when the server recorded it. */
  position: z.number().int(),
  signed_at: z.string(),
  completed_at: z.string(),
  signature: z.object({ signature: z.string(), mentorName: z.string(), date: z.string(), time: z.string() }),
  mentor: z.object({ id: z.string(), name: z.string(), gas_safe_number: z.string().nullable() }),
  /** The signed content hash (hex) and the content hash of the log event that records it (the receipt's leaf). */
  content_hash: z.string(),
  event_content_hash: z.string().nullable(),
  /** Null on cards signed before evidence was required (`evidence_note` says so). */
  evidence: portfolioEvidence.nullable(),
  evidence_note: z.string().nullable(),
  trainee_status: traineeStatusSchema,
  trainee_status_label: z.string(),
  confirmed_at: z.string().nullable(),
  reflection: z.string().nullable(),
  dispute: disputeView.nullable(),
  revoked: z.boolean(),
  /** The receipt (docs/rules.md#sign-off-receipts) and its /verify link; null while no checkpoint covers the card (`receipt_note`). */
  receipt: receiptSchema.nullable(),
  receipt_link: z.string().nullable(),
  receipt_note: z.string().nullable(),
});
export type PortfolioCard = z.infer<typeof portfolioCard>;

export const portfolioCriterion = z.object({
  code: z.string(),
  title: z.string(),
  evidenced: z.number().int(),
  required: z.number().int(),
  met: z.boolean(),
  signature_ids: z.array(z.string()),
});
export type PortfolioCriterion = z.infer<typeof portfolioCriterion>;

export const portfolioResponse = z.object({
  exported_at: z.string(),
  student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  centre: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The log at export: its head (position and chain hash), the latest signed checkpoint and the key that signs it. */
  log: z.object({
    head_position: z.number().int(),
    head_hash: z.string().nullable(),
    checkpoint: z.string().nullable(),
    verifier_key: z.string().nullable(),
  }),
  criteria: z.object({ template: z.string(), items: z.array(portfolioCriterion) }),
  cards: z.array(portfolioCard),
});
export type Portfolio = z.infer<typeof portfolioResponse>;

const pdf = { 200: { contentType: 'application/pdf' } } as const;
export const portfolioRoutes = defineRoutes([
  { method: 'GET', path: '/api/portfolio.json', responses: { 200: portfolioResponse } },
  { method: 'GET', path: '/api/portfolio.pdf', responses: pdf },
  { method: 'GET', path: '/api/students/:id/portfolio.json', responses: { 200: portfolioResponse } },
  { method: 'GET', path: '/api/students/:id/portfolio.pdf', responses: pdf },
]);
