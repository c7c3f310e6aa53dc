import { ChildProcess, spawn, SpawnOptions } from 'node:child_process';

/** Starts a process for a test and resolves once a line of its stdout matches `ready`. */
export async function startProcess(command: string, args: string[], ready: RegExp, options: SpawnOptions = {}, timeoutMs = 60_000): Promise<ChildProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} was not ready in ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (ready.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}: ${stderr}`));
    });
  });
  return child;
}

/** Stops it (SIGTERM, or SIGKILL to simulate a crash) and waits for the exit. */
export async function stopProcess(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
