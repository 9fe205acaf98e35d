// @vitest-environment jsdom
/*
 * signOut() in a browser-like environment with a real (in-memory) IndexedDB. The app's
 * server is not here, so fetch stands in for it and records what was asked.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerOutboxFlush, signOut } from '@/lib/client/session';

type Call = { url: string; method: string; accept: string | null };
let calls: Call[];

function answerWith(respond: () => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', accept: new Headers(init.headers).get('accept') });
    return respond();
  });
}

function openDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('outbox');
    request.onsuccess = () => { request.result.close(); resolve(); };
    request.onerror = () => reject(request.error);
  });
}

const databaseNames = async () => (await indexedDB.databases()).map(({ name }) => name).sort();

beforeEach(async () => {
  calls = [];
  await openDatabase('tidings-outbox');
  await openDatabase('tidings-items');
  sessionStorage.setItem('list', 'inbox');
  localStorage.setItem('tidings:player', '{"itemId":"1"}');
});

afterEach(() => {
  registerOutboxFlush(null);
  vi.unstubAllGlobals();
});

describe('signing out from the browser', () => {
  it('pushes the outbox first, ends the session, then deletes IndexedDB and both storages', async () => {
    const order: string[] = [];
    registerOutboxFlush(async () => { order.push('flush'); });
    answerWith(() => { order.push('sign-out'); return Response.json({ message: 'You are signed out.' }); });

    expect(await signOut({ goTo: null })).toEqual({ status: 'signed-out' });
    expect(order).toEqual(['flush', 'sign-out']);
    expect(calls).toEqual([{ url: '/api/session', method: 'DELETE', accept: 'application/json' }]);
    expect(await databaseNames()).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it('stops before anything is lost when queued changes cannot be pushed', async () => {
    registerOutboxFlush(async () => { throw new Error('offline'); });
    answerWith(() => Response.json({}));

    expect(await signOut({ goTo: null })).toEqual({ status: 'unsent' });
    expect(calls).toEqual([]);
    expect(await databaseNames()).toEqual(['tidings-items', 'tidings-outbox']);
  });

  it('signs out anyway when the person chose to discard unsent changes', async () => {
    registerOutboxFlush(async () => { throw new Error('offline'); });
    answerWith(() => Response.json({}));

    expect(await signOut({ discardUnsent: true, goTo: null })).toEqual({ status: 'signed-out' });
    expect(await databaseNames()).toEqual([]);
  });

  it('keeps everything when the server cannot be reached', async () => {
    answerWith(() => { throw new TypeError('Failed to fetch'); });

    expect(await signOut({ goTo: null })).toEqual({ status: 'unreachable' });
    expect(await databaseNames()).toEqual(['tidings-items', 'tidings-outbox']);
    expect(sessionStorage.getItem('list')).toBe('inbox');
    expect(localStorage.getItem('tidings:player')).toBe('{"itemId":"1"}');
  });
});
