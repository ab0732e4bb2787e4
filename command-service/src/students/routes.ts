import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { JOB_TYPES } from '@panda/events/catalogue/training';
import { accountStream } from '@panda/events/catalogue/accounts';
import { forbidden } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { toRequirements } from '@panda/projections/read-models/training';
import { studentRegistrationRequest } from '@panda/contracts/accounts';
import { CENTRE_NOT_VETTED } from '../accounts/decider';
import { loadAccount } from '../accounts/service';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { GOAL_MAX, GOAL_RANGE_MESSAGE, NO_GOALS_MESSAGE, trainingDecider } from '../training/decider';
import { registerStudent } from './service';

/** The centre registering a student, as loaded by the route. */
export interface RegisteringCentre {
  id: string;
  name: string | null;
  vetted: boolean;
}

/**
 * Registers the student of a validated registration payload and answers 201 with the student and
 * their temporary password. `centre` null = an independent student registered by an admin (ruling 8).
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
      requirements: {
        boilerInstalls: body.Boiler_Installs,
        boilerService: body.Boiler_Service,
        pipework: body.Pipework,
        repair: body.Repair,
      },
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
    // Ruling 9: shown once here (null on a retried request), e-mailed to the student, never stored in plain text.
    temporary_password: result.temporaryPassword,
  });
}

/** One goal count: empty means not required (0); an entered count must be 1 to 100, digits only. */
const goal = z
  .union([z.number(), z.string().trim().regex(/^\d*$/, GOAL_RANGE_MESSAGE), z.null()], { error: GOAL_RANGE_MESSAGE })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? 0 : Number(v)))
  .pipe(z.number().int(GOAL_RANGE_MESSAGE).min(0, GOAL_RANGE_MESSAGE).max(GOAL_MAX, GOAL_RANGE_MESSAGE));

/** The goals payload (spec section 7). */
export const requirementsSchema = z
  .object({
    boiler_installs_required: goal,
    boiler_service_required: goal,
    pipework_required: goal,
    repair_required: goal,
    additional_requirements: z
      .string({ error: 'Additional requirements must be text' })
      .trim()
      .max(2000, 'Additional requirements must be at most 2000 characters')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.boiler_installs_required + v.boiler_service_required + v.pipework_required + v.repair_required > 0, {
    path: ['requirements'],
    message: NO_GOALS_MESSAGE,
  });

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
    const body = validate(requirementsSchema, req.body);
    const requirements = {
      boilerInstalls: body.boiler_installs_required,
      boilerService: body.boiler_service_required,
      pipework: body.pipework_required,
      repair: body.repair_required,
    };
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
      requirements: toRequirements(result.state.requirements),
      additional_requirements: result.state.additionalRequirements,
      has_requirements: true,
    });
  });

  return r;
}
