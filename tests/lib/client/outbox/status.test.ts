// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { changesOf } from '@/lib/client/outbox/actions';
import { mergeChanges } from '@/lib/client/outbox/overlay';
import { outboxStatus, resetOutboxStatus, subscribeOutboxStatus, updateOutboxStatus } from '@/lib/client/outbox/status';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';

/** The queue's merged changes as a fresh read of it gives them: new objects each time. */
const read = () => mergeChanges([
  changesOf({ kind: 'update', itemId: a, body: { is_read: true } }),
  changesOf({ kind: 'update', itemId: b, body: { is_saved: true } }),
]);
const pending = () => [{ requestId: 'r1', label: 'Mark read', queuedAt: 1 }];

afterEach(resetOutboxStatus);

describe('the outbox status snapshot', () => {
  it('tells no listener, and keeps the same snapshot, when a fresh read of the queue changes nothing', () => {
    updateOutboxStatus({ loaded: true, pending: pending(), changes: read() });
    const before = outboxStatus();
    let told = 0;
    const unsubscribe = subscribeOutboxStatus(() => { told += 1; });

    updateOutboxStatus({ loaded: true, pending: pending(), changes: read(), activity: 'idle' });

    unsubscribe();
    expect(told).toBe(0);
    expect(outboxStatus()).toBe(before);
  });

  it('keeps the queued changes as the same objects when a re-read finds them unchanged and only the replay moved on', () => {
    updateOutboxStatus({ pending: pending(), changes: read() });
    const { changes, pending: listed } = outboxStatus();
    let told = 0;
    const unsubscribe = subscribeOutboxStatus(() => { told += 1; });

    updateOutboxStatus({ activity: 'sending', pending: pending(), changes: read() });

    unsubscribe();
    expect(told).toBe(1);
    expect(outboxStatus().activity).toBe('sending');
    expect(outboxStatus().changes).toBe(changes);
    expect(outboxStatus().pending).toBe(listed);
  });

  it('tells its listeners of a change in what the replay does', () => {
    let told = 0;
    const unsubscribe = subscribeOutboxStatus(() => { told += 1; });
    updateOutboxStatus({ activity: 'sending' });
    updateOutboxStatus({ activity: 'sending' });
    updateOutboxStatus({ activity: 'paused', resumeAt: 5 });
    unsubscribe();
    expect(told).toBe(2);
    expect(outboxStatus()).toMatchObject({ activity: 'paused', resumeAt: 5 });
  });
});
