import { Router } from 'express';
import { accountStream } from '@panda/events/catalogue/accounts';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, type AuthContext } from '@panda/platform/http';
import type { QueryDeps } from '../shared/deps';
import { accountOf, visibleStudent } from '../students/views';
import { templateOf } from '../criteria/routes';
import { cardsOf, credentialOf, signCredential } from './credential';
import { loadCredentialKey } from './signing-key';

const CREDENTIAL_ROLES: readonly AuthContext['role'][] = ['student', 'training_centre', 'admin'];

/** docs/rules.md#portable-credential, docs/api-audit.md, "Portable credential" */
export function credentialRoutes(deps: QueryDeps): Router {
  const r = Router();
  const key = loadCredentialKey(
    deps.config.dataDir,
    deps.config.credentialSigningKey,
    deps.config.credentialRetiredKeys,
  );
  const auth = authenticate(deps.authenticator);

  r.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('application/jwk-set+json').send(JSON.stringify(key.jwks));
  });

  r.get('/api/students/:id/credential', auth, async (req, res) => {
    const caller = authOf(req);
    // The student's, their centre's and admins' only: anyone else (a mentor included) is told of no such student.
    if (!CREDENTIAL_ROLES.includes(caller.role)) throw notFound('Student not found');
    const student = await visibleStudent(deps.readStore, caller, String(req.params.id));
    const [account, centre, events] = await Promise.all([
      accountOf(deps.readStore, student.id),
      accountOf(deps.readStore, student.centre_id),
      deps.store.readStream(accountStream(student.id)),
    ]);
    const credential = credentialOf({
      issuer: deps.config.publicUrl.replace(/\/+$/, ''),
      student: { id: student.id, name: account?.Name ?? 'Unknown student' },
      centreName: centre?.Name ?? null,
      criteria: await templateOf(deps.readStore, student.centre_id),
      cards: cardsOf(events),
      now: deps.clock(),
    });
    res
      .set('Cache-Control', 'no-store')
      .set('Content-Disposition', `attachment; filename="panda-credential-${student.id}.jwt"`)
      .type('application/vc+jwt')
      .send(await signCredential(credential, key));
  });
  return r;
}
