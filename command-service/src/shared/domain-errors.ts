/**
 * Why a command was refused, in the domain's words; deciders throw these and know nothing of HTTP.
 * The edge maps each kind to a status (http-edge.ts). `detail` is what the user
 * reads: a sentence, or one message per form field.
 */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict';
export type FieldProblem = { field: string; message: string };

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly detail: string | FieldProblem[],
  ) {
    super(typeof detail === 'string' ? detail : detail.map((d) => `${d.field}: ${d.message}`).join(', '));
    this.name = 'DomainError';
  }
}

/** The command is malformed or breaks a rule about its own fields (a form shows field problems under the field). */
export const badRequest = (detail: string | FieldProblem[]) => new DomainError('invalid', detail);
/** The caller's credentials do not (or no longer) hold. */
export const unauthorized = (detail = 'Not authenticated') => new DomainError('unauthenticated', detail);
/** The caller may never do this. */
export const forbidden = (detail = 'You are not allowed to do this') => new DomainError('forbidden', detail);
/** No such thing, or not one the caller may know of. */
export const notFound = (detail = 'Not found') => new DomainError('not_found', detail);
/** The thing is not in a state that allows this. */
export const conflict = (detail: string) => new DomainError('conflict', detail);
