import { describe, expect, it } from 'vitest';
import { event, jobOpened, placementEnded, studentRegistered } from './fixtures';

describe('typed event fixtures', () => {
  it('build catalogue events with the small world as defaults, overridden field by field', () => {
    expect(studentRegistered({ firstName: 'Rory' })).toEqual({
      type: 'StudentRegistered',
      data: expect.objectContaining({ accountId: 's1', centreId: 'c1', firstName: 'Rory', lastName: 'Pond' }),
    });
    expect(placementEnded({ status: 'cancelled' }).data).toEqual({
      placementId: 'p1',
      studentId: 's1',
      mentorId: 'm1',
      status: 'cancelled',
      notes: null,
    });
  });

  it('refuse data the catalogue refuses', () => {
    expect(() => jobOpened({ totalCount: 0 })).toThrow();
    // @ts-expect-error: PlacementEnded has no status 'paused'; the type and the schema both refuse it.
    expect(() => placementEnded({ status: 'paused' })).toThrow();
    // @ts-expect-error: a type the catalogue does not know.
    expect(() => event('NoSuchEvent', {})).toThrow(/Unknown event type/);
  });
});
