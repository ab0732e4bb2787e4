import { randomUUID } from 'node:crypto';
import { CompactSign } from 'jose';
import type { ApplianceKind } from '@panda/contracts/evidence';
import type { JobType } from '@panda/contracts/job-types';
import type { RecordedEvent } from '@panda/events/envelope';
import { evidences, type Criterion } from './criteria';
import type { CredentialKey } from './signing-key';
import { pick } from '../shared/pick';

/** A sign-off counts once the trainee confirmed it, or once it is this old without a dispute. */
export const UNANSWERED_COUNTS_AFTER_MS = 7 * 86_400_000;

/** A signed card as the credential sees it, folded from the student's own stream. */
export interface CardOfRecord {
  signatureId: string;
  jobType: JobType | null;
  applianceKind: ApplianceKind | null;
  signedAt: string;
  contentHash: string | null;
  status: 'awaiting' | 'confirmed' | 'disputed' | 'dispute_rejected' | 'revoked';
}

type Data = Record<string, unknown>;

/** The student's sign-offs from the events of their account stream (write side's record, not a read model). */
export function cardsOf(events: readonly RecordedEvent[]): CardOfRecord[] {
  const jobTypes = new Map<string, JobType>();
  const cards = new Map<string, CardOfRecord>();
  for (const e of events) {
    const d = e.data as Data;
    switch (e.type) {
      case 'JobOpened':
        jobTypes.set(String(d.jobId), d.jobType as JobType);
        break;
      case 'JobCardSigned': {
        const id = (d.signatureId as string | undefined) ?? `${String(d.jobId)}-card-${String(d.completedCount)}`;
        const evidence = d.evidence as { appliance?: { kind?: ApplianceKind } } | undefined;
        cards.set(id, {
          signatureId: id,
          jobType: jobTypes.get(String(d.jobId)) ?? null,
          applianceKind: evidence?.appliance?.kind ?? null,
          signedAt: (d.signedAt as string | undefined) ?? e.time,
          contentHash: (d.contentHash as string | undefined) ?? null,
          status: 'awaiting',
        });
        break;
      }
      case 'SignatureConfirmed':
      case 'SignatureDisputed':
      case 'DisputeResolved':
      case 'SignatureRevoked': {
        const card = cards.get(String(d.signatureId));
        if (!card || card.status === 'revoked') break;
        if (e.type === 'SignatureConfirmed') card.status = 'confirmed';
        else if (e.type === 'SignatureDisputed') card.status = 'disputed';
        else if (e.type === 'SignatureRevoked') card.status = 'revoked';
        else if (d.outcome === 'rejected') card.status = 'dispute_rejected';
        break;
      }
    }
  }
  return [...cards.values()];
}

/** Whether a card counts towards the criteria at `now` (docs/rules.md#portable-credential). */
export const counts = (card: CardOfRecord, now: Date) =>
  card.status === 'confirmed' ||
  card.status === 'dispute_rejected' ||
  (card.status === 'awaiting' && now.getTime() - Date.parse(card.signedAt) >= UNANSWERED_COUNTS_AFTER_MS);

const cardEntry = (c: CardOfRecord) => pick(c, ['signatureId', 'jobType', 'applianceKind', 'signedAt', 'contentHash']);

/** A student's record at `now` as a W3C VC 2.0 (docs/rules.md#portable-credential). */
export function credentialOf(input: {
  issuer: string;
  student: { id: string; name: string };
  centreName: string | null;
  criteria: readonly Criterion[];
  cards: readonly CardOfRecord[];
  now: Date;
}) {
  const { issuer, student, criteria, now } = input;
  const counted = input.cards.filter((c) => counts(c, now));
  const achievementId = `${issuer}/achievements/gas-training-record`;
  const coverage = criteria.map((c) => {
    const n = counted.filter((card) => evidences(c, card)).length;
    return { code: c.code, title: c.title, counted: n, required: c.required, met: n >= c.required };
  });
  const complete = coverage.every((c) => c.met);
  const brief = ({ code, title, counted, required }: (typeof coverage)[number]) => ({ code, title, counted, required });
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${randomUUID()}`,
    type: ['VerifiableCredential', 'AchievementCredential'],
    issuer: { id: issuer, type: ['Profile'], name: 'Panda' },
    validFrom: now.toISOString(),
    name: `Gas training record: ${student.name}`,
    credentialSubject: {
      id: `${issuer}/students/${student.id}`,
      type: ['AchievementSubject'],
      name: student.name,
      ...(input.centreName ? { trainingCentre: input.centreName } : {}),
      achievement: {
        id: achievementId,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: 'Domestic gas training: criteria evidenced by signed job cards',
        description:
          'Job cards signed by a Gas Safe registered mentor on Panda, counted against the training centre’s qualification criteria.',
        criteria: {
          narrative:
            'A card counts once the trainee confirmed it, or once it is 7 days old without a dispute; a card whose dispute was upheld counts for nothing. Each criterion needs its number of cards of its job types or appliance kinds (CCN1: any card).',
        },
        resultDescription: criteria.map((c) => ({
          id: `${achievementId}#${c.code}`,
          type: ['ResultDescription'],
          name: `${c.code} ${c.title}`,
          resultType: 'RawScore',
          valueMin: '0',
          valueMax: String(c.required),
        })),
      },
      result: coverage.map((c) => ({
        type: ['Result'],
        resultDescription: `${achievementId}#${c.code}`,
        value: String(c.counted),
        status: c.met ? 'Completed' : 'InProgress',
      })),
      complete,
      criteriaMet: coverage.filter((c) => c.met).map(brief),
      ...(complete ? {} : { criteriaNotMet: coverage.filter((c) => !c.met).map(brief) }),
      countedCards: counted.map(cardEntry),
      disputedCards: input.cards.filter((c) => c.status === 'disputed').map(cardEntry),
      awaitingCards: input.cards.filter((c) => c.status === 'awaiting' && !counts(c, now)).map(cardEntry),
    },
  };
}

/** The credential secured as a compact JWS (VC-JOSE-COSE): EdDSA, the key's `kid`, typ `vc+jwt`. */
export function signCredential(credential: object, key: CredentialKey): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'vc+jwt', cty: 'vc' })
    .sign(key.privateKey);
}
