// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeLists } from '@/components/player/episode-lists';
import { configureApi } from '@/lib/client/api-client';
import { announceItemsChanged } from '@/lib/client/item-lists';
import { recordPlayback } from '@/lib/service/domain/items/playback';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { connectionSwitch } from '../../connection-switch';

/*
 * A phone going offline while the episodes page still waits for its lists: the answers'
 * headers have come, their bodies are cut off. The service is the real one, behind a relay
 * that drops the connection halfway through the list answers while `cutting` is set.
 */

let local: LocalService;
let relay: Server;
const connection = connectionSwitch();
let cutting = false;

function isList(request: IncomingMessage): boolean {
  return request.method === 'GET' && new URL(request.url ?? '/', 'http://relay').pathname === '/v1/items';
}

/** Passes every call on to the service; list answers, while cutting, lose the connection halfway through their body. */
function startRelay(target: string): Promise<Server> {
  const server = createServer((request, response) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: String(request.headers.authorization) };
    void fetch(`${target}${request.url}`, { method: request.method, headers }).then(async (answer) => {
      const body = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': String(body.length) });
      if (!cutting || !isList(request)) return void response.end(body);
      // The headers and half the body leave, then the link goes, as when the phone drops offline.
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => response.destroy(), 20));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  local = await startLocalService();
  const [half, done] = local.addFeed('Harbour Hour', [
    { title: 'Half heard', item_type: 'episode', audio_url: 'https://example.com/1.mp3', duration_seconds: 1800 },
    { title: 'Heard to the end', item_type: 'episode', audio_url: 'https://example.com/2.mp3', duration_seconds: 600 },
  ], { sourceType: 'podcast' });
  await recordPlayback(local.service.store, local.user.id, done!, { position_seconds: 600 }, Date.now() - 30 * 60_000);
  await recordPlayback(local.service.store, local.user.id, half!, { position_seconds: 420 }, Date.now() - 5 * 60_000);
  relay = await startRelay(local.base);
  configureApi({ base: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`, headers: { authorization: `Bearer ${local.token}` } });
});
afterAll(async () => {
  connection.online = true;
  await new Promise((resolve) => relay.close(resolve));
  await local.close();
});
afterEach(() => {
  cleanup();
  connection.online = true;
  cutting = false;
});

describe('the episodes page when the connection drops mid-answer', () => {
  it('says in each list that it is offline, and the page stays', async () => {
    connection.online = false;
    cutting = true;
    renderApp(<EpisodeLists />);

    for (const [name, context] of [['In progress', 'In progress could not be loaded.'], ['Recently played', 'Recently played could not be loaded.']]) {
      const section = screen.getByRole('region', { name });
      // A cut answer, then the client's verdict: under load that takes longer than findBy's default second.
      const notice = await within(section).findByRole('alert', undefined, { timeout: 5000 });
      expect(within(notice).getByRole('heading', { name: 'You are offline' })).toBeTruthy();
      expect(notice.textContent).toContain(context);
      expect(within(section).queryByRole('listitem')).toBeNull();
    }
  });

  it('keeps the episodes it showed when fetching them again is cut, and says it is offline under them', async () => {
    renderApp(<EpisodeLists />);
    const section = screen.getByRole('region', { name: 'In progress' });
    expect((await within(section).findAllByRole('listitem')).length).toBe(1);

    connection.online = false;
    cutting = true;
    announceItemsChanged();

    const notice = await within(section).findByRole('alert', undefined, { timeout: 5000 });
    expect(within(notice).getByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(notice.textContent).toContain('More episodes could not be loaded.');
    expect(within(section).getByRole('button', { name: 'Resume: Half heard' })).toBeTruthy();
  });
});
