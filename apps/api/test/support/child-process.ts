import { ChildProcess, spawn, SpawnOptions } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

/**
 * Starts a process for a test and resolves once its stdout matches `ready`. The output is read
 * without colour codes (tools colour it when `CI` is set, even into a pipe) and across chunks;
 * a process that is not ready in time is killed, so a failed start leaves nothing running.
 */
export async function startProcess(command: string, args: string[], ready: RegExp, options: SpawnOptions = {}, timeoutMs = 60_000): Promise<ChildProcess> {
  const child = spawn(command, args, { ...options, env: { ...(options.env ?? process.env), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} was not ready in ${timeoutMs} ms.\nstdout: ${stdout}\nstderr: ${stderr}`)), timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout = (stdout + stripVTControlCharacters(chunk.toString())).slice(-4000);
        if (ready.test(stdout)) {
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
  } catch (error) {
    await stopProcess(child, 'SIGKILL');
    throw error;
  }
  return child;
}

/** Stops it (SIGTERM, or SIGKILL to simulate a crash) and waits for the exit. */
export async function stopProcess(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
