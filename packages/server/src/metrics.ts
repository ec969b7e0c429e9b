import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The service's metrics for Prometheus (`GET /metrics`, the text exposition format), kept by
 * prom-client: requests by route pattern and status, their latency, lints and their duration, and
 * the process's own (CPU, memory, event-loop lag). Labels carry route patterns, never ids, names or
 * paths a client chose, so the series stay few and say nothing about who asked for what.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests = new Counter({ name: 'swaglint_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  readonly #latency = new Histogram({
    name: 'swaglint_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern.',
    labelNames: ['route'],
    buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 30, 120],
    registers: [this.registry],
  });
  readonly #lints = new Counter({ name: 'swaglint_lints_total', help: 'Lints run, by outcome (ok, refused, failed, abandoned: the client left before it started).', labelNames: ['outcome'], registers: [this.registry] });
  readonly #lintTime = new Histogram({ name: 'swaglint_lint_duration_seconds', help: 'Time one lint took, queueing included.', buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300], registers: [this.registry] });
  readonly #jobWait = new Histogram({
    name: 'swaglint_lint_job_wait_seconds',
    help: 'Time a publish\'s lint job waited in the queue (PostgreSQL) before a worker took it, over the jobs whose publish this instance answered.',
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  readonly #jobRun = new Histogram({
    name: 'swaglint_lint_job_run_seconds',
    help: 'Time a publish\'s lint job ran (lint and store) in its worker, over the jobs whose publish this instance answered.',
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'swaglint_' });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.inc({ method, route, status: String(status) });
    this.#latency.observe({ route }, seconds);
  }

  /** The lints waiting for a worker (in this process, or lint jobs in PostgreSQL), read when Prometheus scrapes. */
  watchQueue(depth: () => number | Promise<number>): void {
    new Gauge({
      name: 'swaglint_lint_queue_depth',
      help: 'Lints waiting for a worker: in this instance (PGlite), or publishes\' lint jobs queued in PostgreSQL and not started.',
      registers: [this.registry],
      async collect() {
        // a database that does not answer leaves the last value rather than failing the scrape
        this.set(await Promise.resolve(depth()).catch(() => NaN));
      },
    });
  }

  /** A lint job's time in the queue and in its worker, as its waiting publish saw them. */
  job(waitSeconds: number | undefined, runSeconds: number | undefined): void {
    if (waitSeconds !== undefined) this.#jobWait.observe(waitSeconds);
    if (runSeconds !== undefined) this.#jobRun.observe(runSeconds);
  }

  lint(outcome: 'ok' | 'refused' | 'failed' | 'abandoned', seconds: number): void {
    this.#lints.inc({ outcome });
    this.#lintTime.observe(seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
