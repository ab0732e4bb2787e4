import { trainingEvents } from '@panda/events/catalogue/training';

/**
 * Every event type of a student's training (requirements, placements, jobs, job cards), for the
 * projections that follow all of it.
 */
export const TRAINING_EVENT_TYPES: readonly string[] = trainingEvents.map((e) => e.type);
