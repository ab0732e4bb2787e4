import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this package. Workers get no TypeScript from
 * `--import tsx` on Node 20 (the loader's hooks do not reach a worker's entry: on Node 20.20 a worker
 * given the parent's flags, or `execArgv: ['--import', 'tsx']`, fails with `Unknown file extension
 * ".ts"`), so the worker registers tsx itself and then imports the entry: the same under `tsx`,
 * `node --import tsx` and vitest (which has no tsx loader to inherit at all). The
 * process's own flags (--cpu-prof, --inspect, ...) are passed on, without its tsx loader; when one of
 * them is refused in a worker (--trace-gc and other per-process flags), the worker starts without them.
 */
export function typeScriptWorker(entry: URL, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  const execArgv = process.execArgv.filter((arg, i, all) => !/tsx/.test(arg) && !/tsx/.test(all[i + 1] ?? ''));
  try {
    return new Worker(bootstrap, { ...options, eval: true, execArgv });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(bootstrap, { ...options, eval: true, execArgv: [] });
  }
}
