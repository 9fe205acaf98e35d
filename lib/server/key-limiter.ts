import 'server-only';
import { setKeyLimiter } from '@/lib/service/embedded';
import { serviceConfig } from '@/lib/service/config';
import { RateLimiter, type KeyLimiter, type Verdict } from '@/lib/service/http/rate-limit';
import { postgresDatabaseUrl } from '@/lib/service/store/database-url';
import { hitSlidingWindow } from './app-state/postgres-limits';

/*
 * The service's per-key limit (120 requests a minute for an API key) when several app nodes
 * serve one install: counted in PostgreSQL (DATABASE_URL), a sliding one-minute window per
 * credential, so the nodes together let through what one node does.
 */

/** How long a hit may wait on the database (a pool connection included) before this node counts it alone. */
const defaultAnswerWithinMs = 1_000;

/** A key limiter whose counts live in the app-state database, shared by every node on it. */
export class SharedKeyLimiter implements KeyLimiter {
  private readonly alone: RateLimiter;
  private countingAlone = false;

  /** Counts in the database at `url`; a hit waits at most `answerWithinMs` for its answer. */
  constructor(private readonly url: string, private readonly windowMs = 60_000, private readonly answerWithinMs = defaultAnswerWithinMs) {
    this.alone = new RateLimiter(windowMs);
  }

  /** Counts a request of `key` on every node's behalf; answers how long to wait when the limit is reached. */
  async hit(key: string, limit: number): Promise<Verdict> {
    try {
      const hit = await withinTime(hitSlidingWindow(this.url, `credential:${key}`, limit, this.windowMs), this.answerWithinMs);
      this.countingAlone = false;
      return hit.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.ceil((hit.roomAt - hit.now) / 1000), roomInMs: hit.roomAt - hit.now };
    } catch (error) {
      // Fail open to this node's own limit: a counter outage must not refuse every key, nor lift the limit.
      if (!this.countingAlone) console.warn(`[tidings] Counting key requests on this node alone: the database did not answer (${(error as Error).message}).`);
      this.countingAlone = true;
      return this.alone.hit(key, limit);
    }
  }
}

function withinTime<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * With DATABASE_URL, has the embedded service count each key's requests in PostgreSQL, one budget
 * for all nodes; call once at start, before the service's first request. Without it, nothing changes.
 */
export function shareKeyLimits(env: NodeJS.ProcessEnv = process.env): void {
  const url = postgresDatabaseUrl(env);
  if (url) setKeyLimiter(new SharedKeyLimiter(url, serviceConfig().rateLimitWindowSeconds * 1000));
}
