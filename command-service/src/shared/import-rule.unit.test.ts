import { ESLint } from 'eslint';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The lint rule (eslint.config.js) that keeps the command side's source off the read side. */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: REPO });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(REPO, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
describe('no-restricted-imports on command-service', { timeout: 60_000 }, () => {
  it('fails a command-service source file that imports a read model', async () => {
    const code = "import { JOBS } from '@panda/projections/read-models/training';\nexport const jobs = JOBS;\n";
    expect(await restricted(code, 'command-service/src/jobs/probe.ts')).toEqual([
      expect.stringContaining('The command side never reads read models'),
    ]);
  });

  it('fails a relative import of projections or the query service, types included', async () => {
    const code = [
      "import type { ReadStore } from '../../../projections/src/read-store';",
      "import type { QueryDeps } from '@panda/query-service/shared/deps';",
      'export type Both = [ReadStore, QueryDeps];',
      '',
    ].join('\n');
    expect(await restricted(code, 'command-service/src/shared/probe.ts')).toHaveLength(2);
  });

  it('leaves the write side, the query side and command-service tests alone', async () => {
    const events =
      "import { accountStream } from '@panda/events/catalogue/accounts';\nexport const s = accountStream;\n";
    expect(await restricted(events, 'command-service/src/jobs/probe.ts')).toEqual([]);
    const readModel = "import { JOBS } from '@panda/projections/read-models/training';\nexport const jobs = JOBS;\n";
    expect(await restricted(readModel, 'query-service/src/jobs/probe.ts')).toEqual([]);
    expect(await restricted(readModel, 'command-service/src/jobs/probe.int.test.ts')).toEqual([]);
  });
});
