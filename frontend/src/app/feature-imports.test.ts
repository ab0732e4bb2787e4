import { ESLint } from 'eslint';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The lint rule (eslint.config.js) that keeps each feature of the web app off the others (docs/rules.md#feature-imports). */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: REPO });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(REPO, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const use = (name: string) => `export const used = ${name};\n`;

describe('no imports between features of the web app', () => {
  it('fails a feature component that imports another feature', async () => {
    const code = `import { SignOffStatusChip } from '../../signoff/components/admin-disputes-tab';\n${use('SignOffStatusChip')}`;
    expect(await restricted(code, 'frontend/src/features/mentor/components/probe.tsx')).toEqual([
      expect.stringContaining('A feature never imports another feature'),
    ]);
  });

  it('fails at any folder depth, and a path through the features folder', async () => {
    const top = `import { adminApi } from '../admin/api/admin-api';\n${use('adminApi')}`;
    expect(await restricted(top, 'frontend/src/features/audit/probe.ts')).toHaveLength(1);
    const deep = `import type { X } from '../../../training-centre/api/x';\nexport type Y = X;\n`;
    expect(await restricted(deep, 'frontend/src/features/student/components/parts/probe.tsx')).toHaveLength(1);
    const through = `import { chatApi } from '../../../features/chat/api/chat-api';\n${use('chatApi')}`;
    expect(await restricted(through, 'frontend/src/features/support/components/probe.tsx')).toHaveLength(1);
  });

  it('lets a feature import itself, src/components and src/lib, and the app import any feature', async () => {
    const own = [
      "import { useGetUsersQuery } from '../api/admin-api';",
      "import { Thing } from './thing';",
      "import { EmptyState } from '../../../components/empty-state';",
      "import { api } from '../../../lib/api';",
      'export const used = [useGetUsersQuery, Thing, EmptyState, api];',
      '',
    ].join('\n');
    expect(await restricted(own, 'frontend/src/features/admin/components/probe.tsx')).toEqual([]);
    const app = `import { AdminDashboard } from '../features/admin/routes/admin-dashboard';\n${use('AdminDashboard')}`;
    expect(await restricted(app, 'frontend/src/app/probe.tsx')).toEqual([]);
  });
});
