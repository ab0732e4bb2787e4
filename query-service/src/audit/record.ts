import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '@panda/events/ids';
import { AUDIT_ACCESS_STREAM, type AuditAction } from '@panda/events/catalogue/audit';
import { checkEvent } from '@panda/events/catalogue';
import type { AuthContext } from '@panda/platform/http';
import { accounts } from '@panda/projections/read-models/accounts';
import type { QueryDeps } from '../shared/deps';

export type AuditSubject = { type: 'job' | 'account' | 'student' | 'log' | null; id: string | null };

/** An audit read's record; `onDisk` rejects when it cannot be written (docs/benchmarks.md, "An audit read's record flushed on its own thread"). */
export async function startAuditRecord(
  deps: QueryDeps,
  req: Request,
  a: AuthContext,
  action: AuditAction,
  subject: AuditSubject,
  asOf: number | null,
  query: string | null = null,
): Promise<() => Promise<void>> {
  const me = await deps.readStore.get(accounts, a.id);
  const data = checkEvent('AuditRecordRead', {
    accountId: a.id,
    role: a.role,
    name: me?.Name ?? '',
    email: me?.Email ?? '',
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    asOf: asOf === null ? null : new Date(asOf).toISOString(),
    query,
  });
  const meta = {
    time: deps.clock().toISOString(),
    actorId: a.id,
    correlationId: String((req as { id?: unknown }).id ?? randomUUID()),
    commandId: uuidv7(),
  };
  const events = [{ type: 'AuditRecordRead', data }];
  const store = deps.store;
  if (store.commitNow) {
    const { durable } = store.commitNow(AUDIT_ACCESS_STREAM, events, 'any', meta);
    return async () => durable();
  }
  const appended = store.append(AUDIT_ACCESS_STREAM, events, 'any', meta);
  appended.catch(() => undefined); // awaited by onDisk; not an unhandled rejection meanwhile
  return async () => void (await appended);
}

/** A read's record, on disk before the read's own work begins. */
export const recordAuditRead = async (...args: Parameters<typeof startAuditRecord>) =>
  (await startAuditRecord(...args))();
