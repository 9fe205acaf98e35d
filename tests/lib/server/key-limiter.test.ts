/*
 * The service's per-key limit shared by app nodes (lib/server/key-limiter.ts): limiters of two
 * "nodes", each with its own connection pool, on one database of a throwaway PostgreSQL cluster.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppStatePools } from '@/lib/server/app-state/postgres';
import { SharedKeyLimiter } from '@/lib/server/key-limiter';
import type { Verdict } from '@/lib/service/http/rate-limit';
import { freshDatabase, skipPostgres, withPostgres } from '../../postgres';

vi.mock('server-only', () => ({}));

withPostgres();

/*
 * How long the nodes' hits wait on the database here: longer than a test may run, so a slow answer
 * on a loaded machine (a fresh database's schema, 150 hits queued for one row) only slows the test
 * instead of sending hits to the per-node count. What happens past the budget has its own test.
 */
const patientMs = 60_000;

/** Two limiters on one database, each with a pool of its own (a different URL names a different pool), as two nodes have. */
async function twoNodes(windowMs = 60_000): Promise<[SharedKeyLimiter, SharedKeyLimiter]> {
  const url = await freshDatabase();
  return [new SharedKeyLimiter(url, windowMs, patientMs), new SharedKeyLimiter(`${url}?application_name=second_node`, windowMs, patientMs)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipPostgres)('the key limiter shared by app nodes', () => {
  beforeAll(() => {
    process.env.TIDINGS_SECRET = 'one secret for every node';
  });

  afterAll(async () => {
    await closeAppStatePools();
  });

  it('lets exactly 120 hits of one key through two nodes in a minute and refuses the 121st with a Retry-After', async () => {
    const nodes = await twoNodes();
    const verdicts: Verdict[] = [];
    const started = Date.now();
    for (let hit = 0; hit < 121; hit += 1) verdicts.push(await nodes[hit % 2]!.hit('key-a', 120));
    expect(verdicts.slice(0, 120).every((verdict) => verdict.allowed)).toBe(true);
    const refused = verdicts[120]!;
    expect(refused.allowed).toBe(false);
    const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    // Until the first hit leaves the window: a minute after it, less the time the hits took.
    expect(wait).toBeGreaterThanOrEqual(Math.floor(60 - (Date.now() - started) / 1000));
    expect(wait).toBeLessThanOrEqual(60);
    // The other node refuses too, and another key still has its whole budget.
    expect((await nodes[0]!.hit('key-a', 120)).allowed).toBe(false);
    expect((await nodes[1]!.hit('key-b', 120)).allowed).toBe(true);
  });

  it('lets exactly the limit through when both nodes hit one key at the same time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const nodes = await twoNodes();
      const verdicts = await Promise.all(Array.from({ length: 150 }, (_, hit) => nodes[hit % 2]!.hit('key-c', 120)));
      // Every hit was counted in the database, none by a node alone.
      expect(warn).not.toHaveBeenCalled();
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(120);
    } finally {
      warn.mockRestore();
    }
  });

  it('lets a key through again once its oldest hit has left the sliding window, not before', async () => {
    const nodes = await twoNodes(3_000);
    expect((await nodes[0]!.hit('key-d', 2)).allowed).toBe(true);
    await sleep(1_500);
    expect((await nodes[1]!.hit('key-d', 2)).allowed).toBe(true);
    const refused = await nodes[0]!.hit('key-d', 2);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
    await sleep(1_600);
    // The first hit has left the window, the second has not: room for one.
    expect((await nodes[1]!.hit('key-d', 2)).allowed).toBe(true);
    expect((await nodes[0]!.hit('key-d', 2)).allowed).toBe(false);
  });

  it('does not count refused hits, so a key that keeps asking gets through once its window has room', async () => {
    const nodes = await twoNodes(1_000);
    expect((await nodes[0]!.hit('key-e', 1)).allowed).toBe(true);
    for (let hit = 0; hit < 5; hit += 1) expect((await nodes[hit % 2]!.hit('key-e', 1)).allowed).toBe(false);
    await sleep(1_050);
    expect((await nodes[1]!.hit('key-e', 1)).allowed).toBe(true);
  });

  it('counts a hit on this node alone when the database answers later than the time budget, and in the database again after', async () => {
    const url = await freshDatabase();
    const node = new SharedKeyLimiter(url, 60_000, 200);
    const blocker = new pg.Client({ connectionString: url });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // The key has used its whole budget of one in the database.
      expect((await new SharedKeyLimiter(url, 60_000, patientMs).hit('key-g', 1)).allowed).toBe(true);
      // Another session locks the key's counter: the node's hits wait on it until the lock goes.
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query("SELECT * FROM limit_counters WHERE name = 'credential:key-g' FOR UPDATE");
      expect((await node.hit('key-g', 1)).allowed).toBe(true);
      expect((await node.hit('key-g', 1)).allowed).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('no answer within 200 ms');
      await blocker.query('ROLLBACK');
      // The database answers again, and it still holds the key at its limit.
      expect((await node.hit('key-g', 1)).allowed).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      await blocker.end();
    }
  });

  it('counts on this node alone while the database does not answer, rather than refusing every key or none', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // Port 1 on loopback: nothing listens, so every connection is refused.
      const alone = new SharedKeyLimiter('postgres://postgres@127.0.0.1:1/tidings');
      for (let hit = 0; hit < 3; hit += 1) expect((await alone.hit('key-f', 3)).allowed).toBe(true);
      const refused = await alone.hit('key-f', 3);
      expect(refused.allowed).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('Counting key requests on this node alone');
    } finally {
      warn.mockRestore();
    }
  });
});
