import { describe, it } from 'vitest';
import { placementAccepted, placementProposed, requirements, studentRegistered } from '@panda/events/testing/fixtures';
import { spec } from '../shared/given-when-then';
import { placementDecider, type MentorFacts, type PlacementCommand, type PlacementEvent } from './decider';

const placement = spec(placementDecider);

const registered = (req = requirements(10, 4, 0, 5), centreId: string | null = 'c1'): PlacementEvent =>
  studentRegistered({ requirements: req, centreId, postcode: 'M1 1AE' });
const good: MentorFacts = { isMentor: true, vetted: true, locked: false, profileComplete: true };
const propose = (mentor: MentorFacts = good, placementId = 'p1', mentorId = 'm1'): PlacementCommand => ({
  type: 'ProposePlacement',
  placementId,
  studentId: 's1',
  mentorId,
  notes: 'Near',
  reasons: ['Rank 1'],
  mentor,
});
const proposed = (placementId = 'p1', mentorId = 'm1', centreId: string | null = 'c1'): PlacementEvent =>
  placementProposed({ placementId, mentorId, centreId, notes: 'Near', reasons: ['Rank 1'] });
const accepted = (placementId = 'p1', mentorId = 'm1'): PlacementEvent => placementAccepted({ placementId, mentorId });
const accept = (placementId = 'p1', mentorId = 'm1', mentor: MentorFacts = good): PlacementCommand => ({
  type: 'AcceptPlacement',
  placementId,
  mentorId,
  mentor,
  newJobIds: ['j1', 'j2', 'j3', 'j4'],
});

describe('placement decider: propose', () => {
  it('proposes a pending placement with the reasons the admin saw', () => {
    placement.given([registered()]).when(propose()).then([proposed()]);
  });

  it('proposes for an independent student (no centre)', () => {
    placement
      .given([registered(undefined, null)])
      .when(propose())
      .then([proposed('p1', 'm1', null)]);
  });

  it('refuses an unknown student', () => {
    placement.given([]).when(propose()).thenThrows(404, 'Student not found');
  });

  it('refuses a locked mentor', () => {
    placement
      .given([registered()])
      .when(propose({ ...good, locked: true }))
      .thenThrows(409, "This mentor's account is locked");
  });

  it('refuses an unvetted mentor', () => {
    placement
      .given([registered()])
      .when(propose({ ...good, vetted: false }))
      .thenThrows(409, 'This mentor has not been vetted yet');
  });

  it('refuses a mentor whose profile is not complete', () => {
    placement
      .given([registered()])
      .when(propose({ ...good, profileComplete: false }))
      .thenThrows(409, 'This mentor has not completed their profile yet');
  });

  it('refuses an account that is not a mentor', () => {
    placement
      .given([registered()])
      .when(propose({ ...good, isMentor: false }))
      .thenThrows(404, 'Mentor not found');
  });

  it('refuses a locked student', () => {
    placement
      .given([registered(), { type: 'AccountLocked', data: { accountId: 's1', reason: null } }])
      .when(propose())
      .thenThrows(409, "This student's account is locked");
  });

  it('refuses a second placement while one is active (no double placement)', () => {
    placement
      .given([registered(), proposed(), accepted()])
      .when(propose(good, 'p2', 'm2'))
      .thenThrows(409, 'This student already has an active placement');
  });

  it('refuses a second proposal while one is pending', () => {
    placement
      .given([registered(), proposed()])
      .when(propose(good, 'p2', 'm2'))
      .thenThrows(409, 'This student already has a pending placement request');
  });

  it('proposes again once the earlier placement was declined or ended', () => {
    const declined: PlacementEvent = {
      type: 'PlacementDeclined',
      data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'Full' },
    };
    placement
      .given([registered(), proposed(), declined])
      .when(propose(good, 'p2', 'm2'))
      .then([proposed('p2', 'm2')]);
    const ended: PlacementEvent = {
      type: 'PlacementEnded',
      data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'completed', notes: null },
    };
    placement
      .given([registered(), proposed(), accepted(), ended])
      .when(propose(good, 'p2', 'm2'))
      .then([proposed('p2', 'm2')]);
  });

  it('records nothing new when the same proposal is repeated', () => {
    placement.given([registered(), proposed()]).when(propose()).then([]);
  });
});

describe('placement decider: accept', () => {
  it('activates the placement and opens one job per required type with its total', () => {
    placement
      .given([registered(), proposed()])
      .when(accept())
      .then([
        accepted(),
        {
          type: 'JobOpened',
          data: {
            jobId: 'j1',
            studentId: 's1',
            placementId: 'p1',
            mentorId: 'm1',
            jobType: 'Boiler Installs',
            totalCount: 10,
          },
        },
        {
          type: 'JobOpened',
          data: {
            jobId: 'j2',
            studentId: 's1',
            placementId: 'p1',
            mentorId: 'm1',
            jobType: 'Boiler Service',
            totalCount: 4,
          },
        },
        {
          type: 'JobOpened',
          data: { jobId: 'j4', studentId: 's1', placementId: 'p1', mentorId: 'm1', jobType: 'Repair', totalCount: 5 },
        },
      ]);
  });

  it('moves jobs of an earlier placement to the new mentor instead of opening them again', () => {
    const earlier: PlacementEvent[] = [
      registered({ boilerInstalls: 2, boilerService: 0, pipework: 3, repair: 0 }),
      proposed('p0', 'm0'),
      accepted('p0', 'm0'),
      {
        type: 'JobOpened',
        data: {
          jobId: 'old1',
          studentId: 's1',
          placementId: 'p0',
          mentorId: 'm0',
          jobType: 'Boiler Installs',
          totalCount: 2,
        },
      },
      {
        type: 'JobOpened',
        data: { jobId: 'old3', studentId: 's1', placementId: 'p0', mentorId: 'm0', jobType: 'Pipework', totalCount: 3 },
      },
      {
        type: 'PlacementEnded',
        data: { placementId: 'p0', studentId: 's1', mentorId: 'm0', status: 'cancelled', notes: 'Mentor moved away' },
      },
      proposed('p1', 'm1'),
    ];
    placement
      .given(earlier)
      .when(accept())
      .then([
        accepted(),
        { type: 'JobReassigned', data: { jobId: 'old1', studentId: 's1', placementId: 'p1', mentorId: 'm1' } },
        { type: 'JobReassigned', data: { jobId: 'old3', studentId: 's1', placementId: 'p1', mentorId: 'm1' } },
      ]);
  });

  it('refuses another mentor, or an unknown placement, as not found', () => {
    placement.given([registered(), proposed()]).when(accept('p1', 'm2')).thenThrows(404, 'Placement request not found');
    placement.given([registered(), proposed()]).when(accept('nope')).thenThrows(404);
  });

  it('refuses a declined or ended placement', () => {
    const declined: PlacementEvent = {
      type: 'PlacementDeclined',
      data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'Busy' },
    };
    placement
      .given([registered(), proposed(), declined])
      .when(accept())
      .thenThrows(409, 'no longer pending (cancelled)');
  });

  it('refuses a mentor who has been unvetted since the proposal', () => {
    placement
      .given([registered(), proposed()])
      .when(accept('p1', 'm1', { ...good, vetted: false }))
      .thenThrows(409, 'Your account has not been vetted yet');
  });

  it('refuses accepting a placement that is already active', () => {
    placement
      .given([registered(), proposed(), accepted()])
      .when(accept())
      .thenThrows(409, 'This placement has already been accepted');
  });
});

describe('placement decider: decline and end', () => {
  it('declines a pending request with a reason', () => {
    placement
      .given([registered(), proposed()])
      .when({ type: 'DeclinePlacement', placementId: 'p1', mentorId: 'm1', reason: 'No capacity this month' })
      .then([
        {
          type: 'PlacementDeclined',
          data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'No capacity this month' },
        },
      ]);
  });

  it('refuses declining an active placement or someone else’s request', () => {
    placement
      .given([registered(), proposed(), accepted()])
      .when({ type: 'DeclinePlacement', placementId: 'p1', mentorId: 'm1', reason: 'x' })
      .thenThrows(409);
    placement
      .given([registered(), proposed()])
      .when({ type: 'DeclinePlacement', placementId: 'p1', mentorId: 'm2', reason: 'x' })
      .thenThrows(404);
  });

  it('ends an active placement as completed or cancelled, with notes', () => {
    placement
      .given([registered(), proposed(), accepted()])
      .when({ type: 'EndPlacement', placementId: 'p1', status: 'completed', notes: 'Qualified' })
      .then([
        {
          type: 'PlacementEnded',
          data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'completed', notes: 'Qualified' },
        },
      ]);
    placement
      .given([registered(), proposed(), accepted()])
      .when({ type: 'EndPlacement', placementId: 'p1', status: 'cancelled', notes: null })
      .then([
        {
          type: 'PlacementEnded',
          data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'cancelled', notes: null },
        },
      ]);
  });

  it('withdraws a pending proposal only by cancelling it', () => {
    placement
      .given([registered(), proposed()])
      .when({ type: 'EndPlacement', placementId: 'p1', status: 'completed', notes: null })
      .thenThrows(409, 'only be cancelled');
    placement
      .given([registered(), proposed()])
      .when({ type: 'EndPlacement', placementId: 'p1', status: 'cancelled', notes: 'Wrong mentor' })
      .then([
        {
          type: 'PlacementEnded',
          data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'cancelled', notes: 'Wrong mentor' },
        },
      ]);
  });

  it('refuses ending a placement twice', () => {
    const ended: PlacementEvent = {
      type: 'PlacementEnded',
      data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'completed', notes: null },
    };
    placement
      .given([registered(), proposed(), accepted(), ended])
      .when({ type: 'EndPlacement', placementId: 'p1', status: 'cancelled', notes: null })
      .thenThrows(409, 'already ended');
  });
});
