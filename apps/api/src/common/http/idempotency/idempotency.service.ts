import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DomainError, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyIssue } from '@oms/domain';
import { APP_CONFIG, AppConfig, IdempotencyKeyRepository, IdempotencyScope, KeyState, StoredAnswer } from '@oms/infra';
import { catchError, defer, finalize, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import { errorAnswer } from '../error.filter';
import { requestIdOf } from '../request-context';
import { declaredRoute, declaredStatus } from '../route-path';
import { convertKeys, toSnake } from '../wire-case';

/** How long a claim holds without being extended: a request that died is taken over after this. */
export const IDEMPOTENCY_LEASE_MS = 30_000;

/** The request as the key needs it (Fastify's request has these). */
interface KeyedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  user?: { id: string };
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` (DESIGN.md §4, Stripe's semantics; docs/decisions.md "Idempotency-Key"): the first
 * request with a key claims it and runs; its answer is stored; the same key and request again answer
 * that answer (`Idempotent-Replayed: true`) without running; the key with another request is refused
 * (422 NAL-IDEM-001). A request that arrives while the first runs waits for its answer, up to
 * IDEMPOTENCY_WAIT_MS (then 409 NAL-IDEM-003). Answers below 500 are stored (a refusal is the
 * answer to that request); a 5xx lets the key go, so that the retry runs.
 */
@Injectable()
export class IdempotencyService {
  private readonly keys: IdempotencyKeyRepository;
  private readonly log = new Logger('Idempotency');

  constructor(
    dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.keys = new IdempotencyKeyRepository(dataSource);
  }

  /** The request's key, checked (400 NAL-IDEM-002 when it is not one); null when it sent none. */
  keyOf(context: ExecutionContext): string | null {
    const raw = context.switchToHttp().getRequest<KeyedRequest>().headers[HEADER];
    if (raw === undefined) return null;
    // Sent twice: Node joins the values with a comma and a space, which no key has.
    const key = Array.isArray(raw) ? raw.join(', ') : raw;
    if (idempotencyKeyIssue(key)) throw new DomainError('NAL-IDEM-002');
    return key;
  }

  /**
   * Runs `work` once for the key, or answers its stored answer. `fingerprint` is what the request asked
   * (requestFingerprint); `toWire` turns the handler's answer into the body that goes on the wire.
   */
  once(context: ExecutionContext, key: string, fingerprint: string, work: () => Observable<unknown>, toWire: (answer: unknown) => unknown = (a) => convertKeys(a, toSnake)): Observable<unknown> {
    const scope = this.scopeOf(context, key);
    return from(this.begin(scope, fingerprint)).pipe(
      mergeMap((start) => ('replay' in start ? of(this.replay(context, start.replay)) : this.run(context, scope, start.claim, work, toWire))),
    );
  }

  private scopeOf(context: ExecutionContext, key: string): IdempotencyScope {
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    const route = declaredRoute(context.getClass(), context.getHandler());
    return { caller: req.user ? `user:${req.user.id}` : 'public', route: `${req.method.toUpperCase()} ${route.path}`, key };
  }

  /** Claims the key, or finds its answer, waiting while another request with it runs. */
  private async begin(scope: IdempotencyScope, fingerprint: string): Promise<{ claim: string } | { replay: StoredAnswer }> {
    const deadline = Date.now() + this.config.IDEMPOTENCY_WAIT_MS;
    let pause = 20;
    let state: KeyState | null = null;
    for (;;) {
      // Claim when the key is free: new, expired, released after a 5xx, or lapsed (its request died).
      if (!state || state.lapsed) {
        const claim = await this.keys.claim(scope, fingerprint, IDEMPOTENCY_LEASE_MS);
        if (claim) return { claim };
      }
      state = await this.keys.find(scope);
      if (state && state.fingerprint !== fingerprint) throw new DomainError('NAL-IDEM-001');
      if (state?.answer) return { replay: state.answer };
      if (Date.now() >= deadline) throw new DomainError('NAL-IDEM-003');
      if (!state || state.lapsed) continue;
      await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
      pause = Math.min(pause * 2, 250);
    }
  }

  private replay(context: ExecutionContext, answer: StoredAnswer): unknown {
    const res = context.switchToHttp().getResponse<unknown>();
    const http = this.adapterHost.httpAdapter;
    http.status(res, answer.status);
    http.setHeader(res, IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body;
  }

  private run(context: ExecutionContext, scope: IdempotencyScope, claim: string, work: () => Observable<unknown>, toWire: (answer: unknown) => unknown): Observable<unknown> {
    return defer(() => {
      // The claim is extended while the work runs, so a slow request is not taken for a dead one.
      const heartbeat = setInterval(() => void this.keys.extend(scope, claim, IDEMPOTENCY_LEASE_MS).catch((err) => this.warn('not extended', scope, err)), IDEMPOTENCY_LEASE_MS / 3);
      heartbeat.unref();
      return work().pipe(
        mergeMap(async (answer) => {
          const { method } = declaredRoute(context.getClass(), context.getHandler());
          await this.store(scope, claim, { status: declaredStatus(context.getHandler(), method), body: toWire(answer) });
          return answer;
        }),
        catchError((err: unknown) => from(this.settleFailure(context, scope, claim, err)).pipe(mergeMap(() => throwError(() => err)))),
        finalize(() => clearInterval(heartbeat)),
      );
    });
  }

  /**
   * A refusal (4xx) is the answer to that request and is stored; so is a 5xx, as Stripe does: the work
   * may have committed before the failure (a create reads its view after its commit), and answering the
   * failure again is safe where running the work again could make a second order or payment. Only a
   * 429 lets the key go: nothing ran.
   */
  private async settleFailure(context: ExecutionContext, scope: IdempotencyScope, claim: string, err: unknown): Promise<void> {
    const answer = errorAnswer(err, requestIdOf(context.switchToHttp().getRequest()) ?? null);
    if (answer.status !== 429) await this.store(scope, claim, answer);
    else await this.keys.release(scope, claim).catch((e) => this.warn('not released', scope, e));
  }

  /**
   * Stores the first answer before it is sent, so that a waiting request finds it. If it cannot be
   * stored the answer still goes (the work is done); the key's claim then lapses and a retry runs again.
   */
  private async store(scope: IdempotencyScope, claim: string, answer: StoredAnswer): Promise<void> {
    try {
      if (!(await this.keys.answer(scope, claim, answer))) this.warn('taken over before its answer', scope);
    } catch (err) {
      this.warn('answer not stored', scope, err);
    }
  }

  private warn(what: string, scope: IdempotencyScope, err?: unknown): void {
    this.log.warn(`Idempotency-Key ${what}: ${scope.route} (${scope.caller})${err ? `: ${(err as Error).message}` : ''}`);
  }
}
