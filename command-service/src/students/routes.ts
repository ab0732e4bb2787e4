import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  JOB_TYPES,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEY,
  REQUIREMENT_KEYS,
  jobRequirementsRequest,
  perJobType,
  studentRegistrationRequest,
} from '@panda/contracts/training';
import { accountStream } from '@panda/events/catalogue/accounts';
import { forbidden } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { CENTRE_NOT_VETTED } from '../accounts/decider';
import { loadAccount } from '../accounts/service';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { trainingDecider } from '../training/decider';
import { registerStudent } from './service';

/** The centre registering a student, as loaded by the route. */
export interface RegisteringCentre {
  id: string;
  name: string | null;
  vetted: boolean;
}

/**
 * Registers the student of a validated registration payload and answers 201 with the student and
 * their temporary password. `centre` null = an independent student registered by an admin (docs/rules.md#independent-students).
 */
export async function sendStudentRegistration(
  deps: CommandDeps,
  req: Request,
  res: Response,
  body: z.output<typeof studentRegistrationRequest>,
  centre: RegisteringCentre | null,
) {
  const result = await registerStudent(
    deps,
    {
      firstName: body.First_Name,
      lastName: body.Last_Name,
      email: body.Email,
      phone: body.Phone_Number,
      postcode: body.Postcode.toUpperCase(),
      dateOfBirth: body.Date_Of_Birth,
      requirements: perJobType((t) => body[REQUIREMENT_KEYS[t]], REQUIREMENT_KEY),
    },
    centre?.id ?? null,
    metaFor(req, deps),
    centre?.vetted ?? false,
  );
  sendResult(res, 201, result.position, {
    message: 'Student registered successfully!',
    student: {
      id: result.studentId,
      First_Name: body.First_Name,
      Last_Name: body.Last_Name,
      Email: result.email,
      account_type: centre ? 'Training Centre' : 'Independent',
    },
    // docs/rules.md#passwords-never-shown: shown once here (null on a retried request), e-mailed to the student, never stored in plain text.
    temporary_password: result.temporaryPassword,
  });
}

export function studentRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  r.post('/api/register-student', auth, requireRole('training_centre'), async (req, res) => {
    const { id } = authOf(req);
    const body = validate(studentRegistrationRequest, req.body);
    const centre = await loadAccount(deps, id);
    // Checked before the email is claimed, so a refused registration holds no address.
    if (!centre.vetted) throw forbidden(CENTRE_NOT_VETTED);
    await sendStudentRegistration(deps, req, res, body, { id, name: centre.centreName, vetted: centre.vetted });
  });

  r.put('/api/students/job-requirements', auth, requireRole('student'), async (req, res) => {
    const { id } = authOf(req);
    const body = validate(jobRequirementsRequest, req.body);
    const requirements = perJobType((t) => body[REQUIREMENT_FIELDS[t]], REQUIREMENT_KEY);
    const result = await handle(
      deps.store,
      accountStream(id),
      trainingDecider,
      {
        type: 'SetRequirements',
        requirements,
        additionalRequirements: body.additional_requirements,
        newJobIds: JOB_TYPES.map(() => deps.newId()),
      },
      metaFor(req, deps),
    );
    sendResult(res, 200, result.position, {
      message: 'Job requirements saved successfully!',
      requirements: perJobType((t) => result.state.requirements[REQUIREMENT_KEY[t]], REQUIREMENT_KEYS),
      additional_requirements: result.state.additionalRequirements,
      has_requirements: true,
    });
  });

  return r;
}
