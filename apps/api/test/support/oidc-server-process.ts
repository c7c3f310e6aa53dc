import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** A client registered with the local development OIDC provider. */
export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcServerProcess {
  issuer: string;
  port: number;
  stop(): Promise<void>;
}

const SERVER_SCRIPT = resolve(__dirname, '../../../devstack/src/oidc-server.mjs');
// As long as the other child processes get (child-process.ts): a loaded CI machine once took over 15 s to start it.
const READY_TIMEOUT_MS = 60_000;

/**
 * Starts apps/devstack/src/oidc-server.mjs in a child process on a free port.
 * A separate process because oidc-provider is ESM-only and jest runs CommonJS.
 */
export async function startOidcServerProcess(clients: OidcClient[]): Promise<OidcServerProcess> {
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: { ...process.env, OIDC_PORT: '0', OIDC_HOST: '127.0.0.1', OIDC_CLIENTS: JSON.stringify(clients) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });

  let issuer: string;
  try {
    issuer = await new Promise<string>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`timed out after ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      child.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        const match = /^OIDC_READY (\S+)$/m.exec(stdout);
        if (match) {
          clearTimeout(timer);
          ready(match[1]);
        }
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        fail(err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        fail(new Error(`exited early (code ${code}, signal ${signal})`));
      });
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`OIDC server did not start: ${(err as Error).message}\nstderr:\n${stderr}`);
  }

  // Keep draining stdout so the child never blocks on a full pipe.
  child.stdout.resume();

  return {
    issuer,
    port: Number(new URL(issuer).port),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
