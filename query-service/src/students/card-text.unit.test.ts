import { describe, expect, it } from 'vitest';
import {
  jobCardSigned,
  jobOpened,
  placementAccepted,
  placementEnded,
  placementProposed,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import { studentCard as studentCardSchema } from '@panda/contracts/training';
import { studentDoc } from '@panda/projections/testing/docs';
import { projectionSpec } from '@panda/projections/testing/projection-spec';
import { STUDENTS, trainingProjection, type StudentDoc } from '@panda/projections/read-models/training';
import { cardFromText, studentCardText } from './card-text';
import { studentCard } from './views';

/** The students documents the training projection writes for these events, as stored (JSON text). */
const stored = async (events: Parameters<ReturnType<typeof projectionSpec>['given']>[0]) =>
  ((await projectionSpec(trainingProjection).given(events).all(STUDENTS)) as StudentDoc[]).map((d) =>
    JSON.stringify(d),
  );

/** What the list answered before: the document parsed, its card built and written out. */
const parsedCard = (text: string) => JSON.stringify(studentCard(JSON.parse(text) as StudentDoc));

describe("a student's card from the stored text of their document", () => {
  it('is the card of the parsed document, byte for byte, for the documents the training projection writes', async () => {
    const texts = [
      // Registered by a centre, no placement.
      ...(await stored([studentRegistered()])),
      // Independent, with a phone, postcode, birth date and a name that needs escaping.
      ...(await stored([
        studentRegistered({
          accountId: 's2',
          centreId: null,
          firstName: 'Zoë "Z"',
          lastName: 'O\\Brien',
          phone: '07700 900123',
          postcode: 'M1 1AA',
          dateOfBirth: '2001-02-03',
        }),
      ])),
      // Pending, then placed with jobs (two signed, one in full), then ended.
      ...(await stored([studentRegistered(), placementProposed()])),
      ...(await stored([
        studentRegistered(),
        placementProposed(),
        placementAccepted(),
        jobOpened(),
        jobOpened({ jobId: 'j2', jobType: 'Pipework', totalCount: 3 }),
        jobOpened({ jobId: 'j3', jobType: 'Repair', totalCount: 2 }),
        jobCardSigned(),
        jobCardSigned({ jobId: 'j3', completedCount: 2, signatureId: 'sig2' }),
      ])),
      ...(await stored([
        studentRegistered(),
        placementProposed(),
        placementAccepted(),
        jobOpened(),
        jobCardSigned(),
        placementEnded(),
      ])),
    ];
    expect(texts).toHaveLength(5);
    for (const text of texts) {
      // Read from the text, not parsed (null would mean the parsed fallback).
      expect(cardFromText(text), text).not.toBeNull();
      expect(studentCardText(text), text).toBe(parsedCard(text));
      studentCardSchema.parse(JSON.parse(studentCardText(text)));
    }
    const placed = JSON.parse(studentCardText(texts[3])) as { jobs: unknown[]; progress_percent: number };
    expect(placed.jobs).toHaveLength(3);
    expect(placed.progress_percent).toBe(20);
  });

  /** A placed student with two jobs of cards and one of none, and a note that needs escaping. */
  const doc = (over: Partial<StudentDoc> = {}): StudentDoc =>
    studentDoc({
      requirements: { Boiler_Installs: 2, Boiler_Service: 0, Pipework: 1, Repair: 0 },
      additional_requirements: 'Gas "cooker" work\nand more',
      Matched: true,
      placement_status: 'active',
      placement_id: 'p1',
      active_placement_id: 'p1',
      mentor_id: 'm1',
      Placed_At: '2026-01-01T00:00:03.000Z',
      jobs: [
        { id: 'j1', Job_Type: 'Boiler Installs', Total_Count: 2, Completed_Count: 3 },
        { id: 'j2', Job_Type: 'Pipework', Total_Count: 1, Completed_Count: 0 },
        // No cards asked for: not shown on the card.
        { id: 'j3', Job_Type: 'Repair', Total_Count: 0, Completed_Count: 0 },
      ],
      cards_signed: 3,
      _audience: ['s1', 'c1', 'm1'],
      ...over,
    });

  it('reads strings that look like keys or close the document as the values they are', () => {
    const tricky = [
      doc(),
      doc({ Name: '","jobs":[],"cards_signed":0,"_audience":[]}' }),
      doc({ additional_requirements: '],"cards_signed":9,"_audience":["x"]}' }),
      doc({ Email: 'a\\"b@x.co', centre_id: '' }),
      doc({ jobs: [{ id: 'j}],"x', Job_Type: 'Repair', Total_Count: 4, Completed_Count: 1 }] }),
      doc({ id: 'weird "id" \\ ]}', _audience: ['weird "id" \\ ]}', 'c1'] }),
      doc({ jobs: [], cards_signed: 0 }),
    ];
    for (const d of tricky) {
      const text = JSON.stringify(d);
      expect(cardFromText(text), text).not.toBeNull();
      expect(studentCardText(text), text).toBe(parsedCard(text));
    }
    expect(JSON.parse(studentCardText(JSON.stringify(tricky[3]))).account_type).toBe('Independent');
  });

  it('answers any other shape from the parsed document', () => {
    const { cards_signed, ...rest } = doc();
    const others = [
      // A field the projection does not write, another key order, one missing, the audience not last.
      { ...doc(), extra: 1 },
      { ...rest, cards_signed },
      { ...rest, _audience: ['s1'] },
      { ...doc(), _audience: undefined, tail: ['s1'] },
      // A job with another field, or its counts not integers.
      doc({ jobs: [{ id: 'j1', Job_Type: 'Repair', Total_Count: 2, Completed_Count: 1, more: true } as never] }),
      doc({ jobs: [{ id: 'j1', Job_Type: 'Repair', Total_Count: 2.5, Completed_Count: 1 }] }),
      // requirements nested deeper.
      doc({ requirements: { Boiler_Installs: 2, Boiler_Service: 0, Pipework: 1, Repair: 0, x: { y: 1 } } as never }),
    ];
    for (const d of others) {
      const text = JSON.stringify(d);
      expect(studentCardText(text), text).toBe(parsedCard(text));
    }
    // The first four do not read as the projection's document at all; the jobs ones are read from their array parsed.
    for (const d of others.slice(0, 4)) expect(cardFromText(JSON.stringify(d))).toBeNull();
    expect(cardFromText(JSON.stringify(others[6]))).toBeNull();
  });
});
