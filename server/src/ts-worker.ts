import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running a TypeScript module: it registers tsx itself (docs/architecture.md, `server/src/`). The
 * process's flags go on without its tsx loader, or none when a worker refuses one (--trace-gc).
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
