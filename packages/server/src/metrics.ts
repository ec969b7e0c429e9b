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

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'swaglint_' });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.inc({ method, route, status: String(status) });
    this.#latency.observe({ route }, seconds);
  }

  /** The lints waiting for a worker, read when Prometheus scrapes. */
  watchQueue(depth: () => number): void {
    new Gauge({
      name: 'swaglint_lint_queue_depth',
      help: 'Lints waiting for a worker.',
      registers: [this.registry],
      collect() {
        this.set(depth());
      },
    });
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
