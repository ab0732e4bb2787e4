import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  BULK_REGISTRATION_TEXTS,
  JOB_TYPES,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEY,
  REQUIREMENT_KEYS,
  bulkRowField,
  jobRequirementsRequest,
  perJobType,
  studentRegistrationRequest,
} from '@panda/contracts/training';
import { accountStream } from '@panda/events/catalogue/accounts';
import { badRequest, forbidden } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { CENTRE_NOT_VETTED } from '../accounts/decider';
import { accountByEmail, loadAccount, runAccountCommand } from '../accounts/service';
import { hashPassword, temporaryPassword } from '@panda/platform/passwords';
import { seal } from '@panda/platform/sealed';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { trainingDecider } from '../training/decider';
import { registerStudent } from './service';
import { csvBody, readBulkFile } from './bulk';

/** The centre registering a student, as loaded by the route. */
export interface RegisteringCentre {
  id: string;
  name: string | null;
  vetted: boolean;
}

const registrationOf = (body: z.output<typeof studentRegistrationRequest>) => ({
  firstName: body.First_Name,
  lastName: body.Last_Name,
  email: body.Email,
  phone: body.Phone_Number,
  postcode: body.Postcode.toUpperCase(),
  dateOfBirth: body.Date_Of_Birth,
  requirements: perJobType((t) => body[REQUIREMENT_KEYS[t]], REQUIREMENT_KEY),
});

/** The centre making the call, refused (403) unless vetted: checked before any e-mail is claimed. */
async function vettedCentre(deps: CommandDeps, id: string) {
  const centre = await loadAccount(deps, id);
  if (!centre.vetted) throw forbidden(CENTRE_NOT_VETTED);
  return centre;
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
    registrationOf(body),
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

const rowOf = (field: string) => Number(/^rows\.(\d+)\./.exec(field)?.[1] ?? 0);
const bulkStudent = (row: number, id: string, body: z.output<typeof studentRegistrationRequest>) => ({
  row,
  id,
  First_Name: body.First_Name,
  Last_Name: body.Last_Name,
  Email: body.Email.trim().toLowerCase(),
});

export function studentRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  r.post('/api/register-student', auth, requireRole('training_centre'), async (req, res) => {
    const { id } = authOf(req);
    const body = validate(studentRegistrationRequest, req.body);
    // Checked before the email is claimed, so a refused registration holds no address.
    const centre = await vettedCentre(deps, id);
    await sendStudentRegistration(deps, req, res, body, { id, name: centre.centreName, vetted: centre.vetted });
  });

  /**
   * Bulk onboarding (docs/rules.md#centre-caseload): every row of the CSV is checked first (fields,
   * duplicates in the file, e-mails already registered); any bad row and none is registered (400, each
   * bad row's number, column and message). Then one registration per student. A row whose e-mail is
   * already a student of this centre (the same file sent again after a crash) is reported, not refused.
   */
  r.post('/api/register-students', auth, requireRole('training_centre'), csvBody, async (req, res) => {
    const { id } = authOf(req);
    await vettedCentre(deps, id);
    const { rows, errors } = readBulkFile(req.body);
    const holders = await Promise.all(rows.map((r) => accountByEmail(deps, r.body.Email)));
    const already = rows.flatMap((r, i) => {
      const holder = holders[i];
      if (!holder) return [];
      if (holder.role === 'student' && holder.centreId === id) return [{ ...r, id: holder.id! }];
      errors.push({ field: bulkRowField(r.row, 'Email'), message: BULK_REGISTRATION_TEXTS.taken });
      return [];
    });
    if (errors.length) throw badRequest(errors.sort((a, b) => rowOf(a.field) - rowOf(b.field)));
    const meta = metaFor(
      req,
      deps,
      '',
      createHash('sha256')
        .update(req.body as Buffer)
        .digest('hex'),
    );
    const fresh = rows.filter((_r, i) => !holders[i]);
    const registered = [];
    let position = 0;
    // One command per student, in file order; each its own command id, so a retried file names the same ones.
    for (const r of fresh) {
      const result = await registerStudent(
        deps,
        registrationOf(r.body),
        id,
        { ...meta, commandId: `${meta.commandId}.row${r.row}` },
        true,
      );
      position = Math.max(position, result.position);
      registered.push({
        ...bulkStudent(r.row, result.studentId, r.body),
        temporary_password: result.temporaryPassword,
      });
    }
    sendResult(res, 201, position, {
      message: `${registered.length} student${registered.length === 1 ? '' : 's'} registered`,
      registered,
      already_registered: already.map((r) => bulkStudent(r.row, r.id, r.body)),
    });
  });

  /**
   * The centre re-sends its student's invitation (docs/rules.md#centre-caseload): a new temporary password,
   * shown once here and mailed; the old one ends. Refused once the student has chosen their own password.
   */
  r.post('/api/students/:id/resend-invite', auth, requireRole('training_centre'), async (req, res) => {
    const studentId = String(req.params.id);
    const temporary = temporaryPassword();
    const meta = metaFor(req, deps);
    const result = await runAccountCommand(
      deps,
      studentId,
      {
        type: 'ResendStudentInvite',
        centreId: authOf(req).id,
        temporaryPasswordHash: await hashPassword(temporary),
        temporaryPasswordSealed: seal(deps.config.mailKey, temporary, studentId),
        now: meta.time,
      },
      meta,
    );
    sendResult(res, 200, result.position, {
      message: 'Invitation sent again',
      // docs/rules.md#passwords-never-shown: shown once here (null on a retried request), e-mailed, kept only as a hash.
      temporary_password: result.duplicate ? null : temporary,
    });
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
