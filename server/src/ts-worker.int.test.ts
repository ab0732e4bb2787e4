import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { typeScriptWorker } from './ts-worker';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const entry = () => {
  const dir = mkdtempSync(join(tmpdir(), 'panda-ts-worker-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  const file = join(dir, 'entry.ts');
  writeFileSync(
    file,
    "import { parentPort } from 'node:worker_threads';\nconst answer: number = 42;\nparentPort!.postMessage(answer);\n",
  );
  return pathToFileURL(file);
};

describe('typeScriptWorker', () => {
  const flags = [...process.execArgv];
  afterEach(() => process.execArgv.splice(0, process.execArgv.length, ...flags));

  it('runs a TypeScript entry', async () => {
    const worker = typeScriptWorker(entry());
    const [message] = await once(worker, 'message');
    expect(message).toBe(42);
    await worker.terminate();
  });

  it('starts when the process was given a flag workers refuse (node --trace-gc ...)', async () => {
    process.execArgv.push('--trace-gc');
    const worker = typeScriptWorker(entry());
    const [message] = await once(worker, 'message');
    expect(message).toBe(42);
    await worker.terminate();
  });
});
