import { describe, expect, it } from 'vitest';
import { distanceKm, locate, outwardCode } from './outcodes';
import { MENTOR_CAPACITY, neededJobTypes, rankMentors, type MentorForRanking } from './ranking';

const mentor = (over: Partial<MentorForRanking>): MentorForRanking => ({
  id: 'm',
  name: 'Mentor',
  email: 'm@x.co',
  businessName: 'Biz',
  businessPostcode: 'M1 1AE',
  qualifications: { Qualified_Boilers: true },
  activeStudents: 0,
  pendingRequests: 0,
  ...over,
});

describe('outward codes', () => {
  it('takes the outward code of full, compact and partial postcodes', () => {
    expect(outwardCode('m1 1ae')).toBe('M1');
    expect(outwardCode('SW1A1AA')).toBe('SW1A');
    expect(outwardCode('LS1')).toBe('LS1');
    expect(outwardCode('B33 8TH')).toBe('B33');
    expect(outwardCode('not a postcode')).toBeNull();
    expect(outwardCode('')).toBeNull();
  });

  it('measures distances between centroids', () => {
    const manchester = locate('M1 1AE').at!;
    const leeds = locate('LS1 4DY').at!;
    expect(distanceKm(manchester, leeds)).toBeGreaterThan(50);
    expect(distanceKm(manchester, leeds)).toBeLessThan(60);
  });
});

describe('ranking of mentors for a student', () => {
  const student = {
    postcode: 'M1 1AE',
    needs: neededJobTypes(
      { 'Boiler Installs': 10, 'Boiler Service': 4, Pipework: 8, Repair: 0 },
      { 'Boiler Installs': 0 },
    ),
  };

  it('lists the job types still needed', () => {
    expect(student.needs).toEqual(['Boiler Installs', 'Boiler Service', 'Pipework']);
    expect(
      neededJobTypes({ 'Boiler Installs': 2, 'Boiler Service': 0, Pipework: 1, Repair: 0 }, { 'Boiler Installs': 2 }),
    ).toEqual(['Pipework']);
  });

  it('ranks by distance, free capacity and qualifications, each with its reason', () => {
    const ranked = rankMentors(student, [
      mentor({ id: 'leeds', name: 'Lena Leeds', businessPostcode: 'LS1 4DY' }),
      mentor({ id: 'near-full', name: 'Nora Near', businessPostcode: 'M4 1AA', activeStudents: 2, pendingRequests: 1 }),
      mentor({ id: 'near', name: 'Ned Near', businessPostcode: 'M4 1AA' }),
      mentor({
        id: 'near-unqualified',
        name: 'Una Near',
        businessPostcode: 'M1 2AB',
        qualifications: { Qualified_Cookers: true },
      }),
      mentor({ id: 'london', name: 'Lou London', businessPostcode: 'SW1A 1AA' }),
    ]);
    // Una's cookers cover Pipework (any gas qualification, docs/rules.md#gas-safe-categories): a third of the qualification points.
    expect(ranked.map((c) => c.id)).toEqual(['near', 'near-unqualified', 'near-full', 'leeds', 'london']);
    const [first] = ranked;
    expect(first.rank).toBe(1);
    expect(first.free_capacity).toBe(MENTOR_CAPACITY);
    expect(first.reasons[0]).toMatch(/^\d+(\.\d)? miles from the student \(M1 to M4\)$/);
    expect(first.distance_miles).toBeCloseTo(first.distance_km! / 1.609344, 1);
    expect(first.reasons[1]).toBe('3 of 3 places free (0 active students)');
    expect(first.reasons[2]).toBe(
      'Qualified for every job type the student needs (Boiler Installs, Boiler Service and Pipework)',
    );
    expect(first.rank_reason).toMatch(
      /^Rank 1 of 5: score \d+\/100 \(distance .*\/50, free capacity 20\/20, qualifications 30\/30\)$/,
    );
    const full = ranked.find((c) => c.id === 'near-full')!;
    expect(full.free_capacity).toBe(0);
    expect(full.reasons[1]).toBe('No free places: 2 active students, 1 pending request of 3');
    const unqualified = ranked.find((c) => c.id === 'near-unqualified')!;
    expect(unqualified.not_qualified_for).toEqual(['Boiler Installs', 'Boiler Service']);
    expect(unqualified.reasons[2]).toBe(
      'Qualified for Pipework of the job types needed; not for Boiler Installs and Boiler Service (needs boilers)',
    );
    const london = ranked.at(-1)!;
    expect(london.reasons[0]).toMatch(/too far for distance points/);
    expect(london.score_parts.distance).toBe(0);
  });

  it('uses the Gas Safe sign-off rule: Pipework needs a gas qualification, so none covers nothing', () => {
    const [c] = rankMentors({ postcode: 'M1 1AE', needs: ['Pipework', 'Repair'] }, [mentor({ qualifications: {} })]);
    expect(c.not_qualified_for).toEqual(['Pipework', 'Repair']);
    expect(c.score_parts.qualifications).toBe(0);
  });

  it('explains an unknown distance and a previous decline', () => {
    const [c] = rankMentors({ postcode: 'ZZ99 9ZZ', needs: ['Pipework'] }, [mentor({ declinedBefore: 'Too far' })]);
    expect(c.distance_km).toBeNull();
    expect(c.reasons[0]).toBe("Distance unknown: the student's postcode ZZ99 9ZZ is not recognised");
    expect(c.reasons).toContain('Declined this student before: Too far');
  });
});
