import { sessionUser, type SessionUser } from '@panda/contracts/accounts';

/** A user of each role as the session holds it, checked against the contract. */
export function testUser(role: SessionUser['role'], overrides: Partial<SessionUser> = {}): SessionUser {
  const names: Record<SessionUser['role'], [string, string, string]> = {
    student: ['Sam', 'Student', 'Sam Student'],
    mentor: ['Maya', 'Mentor', 'Maya Mentor'],
    training_centre: ['Tess', 'Centre', 'North Gas Academy'],
    admin: ['Ada', 'Admin', 'Ada Admin'],
    auditor: ['Aldo', 'Auditor', 'Aldo Auditor'],
  };
  const [First_Name, Last_Name, Name] = names[role];
  return sessionUser.parse({
    id: `${role}-1`,
    role,
    First_Name,
    Last_Name,
    Name,
    Email: `${role.replace('_', '.')}@example.test`,
    must_change_password: false,
    ...overrides,
  });
}
