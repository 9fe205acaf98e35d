/*
 * Debian's gpodder client library (python3-mygpoclient) against the real service's /gpodder over
 * real HTTP: it uploads and downloads subscriptions and episode actions as gPodder does, and
 * what it does shows in /v1, and the other way round. Skipped where the library is not installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { document, rss } from '../feed-server';
import { harnessWithFeedSite } from '../harness-with-feed-site';
import type { TestUser } from '../harness';

// pyenv and virtualenvs put their own python3 first on PATH; Debian's library lives in the system one.
const python = ['python3', '/usr/bin/python3'].find((command) => spawnSync(command, ['-c', 'import mygpoclient']).status === 0);
if (!python) console.warn('mygpoclient tests skipped: install Debian\'s gpodder client library with `apt-get install -y python3-mygpoclient`.');

// The script gets its calls as JSON on stdin and prints their results as JSON: one client for all
// of them, as an app keeps one, so the calls after its first three ride gpodder's session cookie.
const script = `
import json, sys
from mygpoclient import api
job = json.load(sys.stdin)
client = api.MygPodderClient(job['user'], job['password'], job['root'])
out = []
for call in job['calls']:
    name, args = call[0], call[1:]
    if name == 'update_subscriptions':
        result = client.update_subscriptions(*args)
        out.append({'since': result.since, 'update_urls': result.update_urls})
    elif name == 'pull_subscriptions':
        result = client.pull_subscriptions(*args)
        out.append({'since': result.since, 'add': result.add, 'remove': result.remove})
    elif name == 'upload_episode_actions':
        out.append({'since': client.upload_episode_actions([api.EpisodeAction(**action) for action in args[0]])})
    elif name == 'download_episode_actions':
        result = client.download_episode_actions(*args)
        out.append({'since': result.since, 'actions': [action.to_dictionary() for action in result.actions]})
    elif name in ('put_subscriptions', 'get_subscriptions'):
        out.append(getattr(client, name)(*args))
    elif name == 'get_devices':
        out.append([{'id': device.device_id, 'subscriptions': device.subscriptions} for device in client.get_devices()])
print(json.dumps(out))
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe.skipIf(!python)('mygpoclient (python3-mygpoclient) against /gpodder', () => {
  const { harness, site } = harnessWithFeedSite();

  /** Runs the calls with one mygpoclient client signed in as the user (its email and API key). */
  async function mygpo(user: TestUser, calls: unknown[][]): Promise<Json[]> {
    const job = { user: user.user.email, password: user.key, root: `${harness().baseUrl}/gpodder`, calls };
    // Not spawnSync: the service answering the script runs in this process.
    const child = spawn(python!, ['-c', script], { timeout: 15_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk; });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk; });
    child.stdin.end(JSON.stringify(job));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`mygpoclient failed: ${stderr}`);
    return JSON.parse(stdout) as Json[];
  }

  const show = (name: string) => site.route(`/${name}.xml`, document(rss(name, [1, 2].map((n) => ({
    guid: `${name}-${n}`, title: `${name} episode ${n}`, date: new Date(Date.now() - n * 3_600_000),
    enclosure: { url: `https://cdn.example.com/${name}-${n}.mp3`, seconds: 600 },
  })))));

  const subscriptionsOf = async (user: TestUser) =>
    ((await harness().call('GET', '/v1/subscriptions', { key: user.key, query: { all: true } })).body.data as Json[]);

  it('subscribes and unsubscribes in Tidings, pulls what Tidings subscribed, and keeps working past three calls', async () => {
    const h = harness();
    const user = await h.createUser({ plan: 'pro', email: 'podcaster@example.com' });
    const first = show('first-show');
    const second = show('second-show');
    const [added, pulled] = await mygpo(user, [['update_subscriptions', 'phone', [first], []], ['pull_subscriptions', 'phone']]);
    expect(added.update_urls).toEqual([]);
    expect(pulled.add).toEqual([first]);
    expect((await subscriptionsOf(user)).map((one) => one.title)).toEqual(['first-show']);

    // Tidings subscribes to the second show; the app hears of it, and then drops the first.
    expect((await h.call('POST', '/v1/subscriptions', { key: user.key, body: { url: second } })).status).toBe(201);
    const [since, dropped, again, devices, actions] = await mygpo(user, [
      ['pull_subscriptions', 'phone', pulled.since], ['update_subscriptions', 'phone', [], [first]],
      ['pull_subscriptions', 'phone'], ['get_devices'], ['download_episode_actions'],
    ]);
    expect(since.add).toContain(second);
    expect(dropped.update_urls).toEqual([]);
    expect(again.add).toEqual([second]);
    expect(devices).toEqual([{ id: 'phone', subscriptions: 1 }]);
    expect(actions.actions).toEqual([]);
    expect((await subscriptionsOf(user)).map((one) => one.title)).toEqual(['second-show']);
  });

  it('tells the app the feed address of a podcast it gave by its web page, and lists that address', async () => {
    const user = await harness().createUser({ plan: 'pro', email: 'pages@example.com' });
    const feedUrl = show('paged-show');
    const page = site.route('/paged-show', document(`<html><head><link rel="alternate" type="application/rss+xml" href="${feedUrl}"></head></html>`, 'text/html'));
    const [added, pulled] = await mygpo(user, [['update_subscriptions', 'phone', [page], []], ['pull_subscriptions', 'phone']]);
    expect(added.update_urls).toEqual([[page, feedUrl]]);
    expect(pulled.add).toEqual([feedUrl]);
  });

  it('replaces the podcasts with put_subscriptions and lists them with get_subscriptions (the Simple API)', async () => {
    const h = harness();
    const user = await h.createUser({ plan: 'pro', email: 'simple@example.com' });
    const [kept, dropped, added] = [show('kept-show'), show('dropped-show'), show('added-show')];
    const article = site.route('/articles.xml', document(rss('Articles', [{ guid: 'post-1', title: 'Post 1', date: new Date() }])));
    for (const url of [kept, dropped, article]) expect((await h.call('POST', '/v1/subscriptions', { key: user.key, body: { url } })).status).toBe(201);

    const [before, replaced, after] = await mygpo(user, [
      ['get_subscriptions', 'tablet'], ['put_subscriptions', 'tablet', [kept, added]], ['get_subscriptions', 'tablet'],
    ]);
    expect(before.sort()).toEqual([dropped, kept].sort());
    expect(replaced).toBe(true);
    expect(after.sort()).toEqual([added, kept].sort());
    // Only podcasts are the podcast app's to replace: the article feed stays.
    expect((await subscriptionsOf(user)).map((one) => one.title).sort()).toEqual(['Articles', 'added-show', 'kept-show']);
  });

  it('moves the Tidings playback position with uploaded plays and downloads a position set in Tidings', async () => {
    const h = harness();
    const user = await h.createUser({ plan: 'pro', email: 'listener@example.com' });
    const feed = show('played-show');
    expect((await h.call('POST', '/v1/subscriptions', { key: user.key, body: { url: feed } })).status).toBe(201);
    const episodes = (await h.call('GET', '/v1/items', { key: user.key, query: { item_type: 'episode' } })).body.data as Json[];
    const byTitle = new Map(episodes.map((item) => [item.title as string, item.id as string]));
    const [firstId, secondId] = [byTitle.get('played-show episode 1')!, byTitle.get('played-show episode 2')!];

    const play = { podcast: feed, episode: 'https://cdn.example.com/played-show-1.mp3', action: 'play', device: 'phone',
      timestamp: new Date().toISOString().slice(0, 19), started: 0, position: 123, total: 600 };
    const [before, uploaded] = await mygpo(user, [['download_episode_actions'], ['upload_episode_actions', [play]]]);
    expect(before.actions).toEqual([]);
    expect(typeof uploaded.since).toBe('number');
    expect((await h.call('GET', `/v1/items/${firstId}`, { key: user.key })).body.playback_position).toBe(123);

    const progress = await h.call('POST', `/v1/items/${secondId}/playback-progress`, { key: user.key, body: { position_seconds: 45 } });
    expect(progress.status).toBe(200);
    const download = { podcast: feed, episode: 'https://cdn.example.com/played-show-2.mp3', action: 'download', device: 'phone' };
    const [, after, laptop] = await mygpo(user, [
      ['upload_episode_actions', [download]], ['download_episode_actions', before.since], ['download_episode_actions', before.since, null, 'laptop'],
    ]);
    expect(after.actions).toContainEqual(download);
    // Another device gets the positions, not the phone's own download.
    expect(laptop.actions).not.toContainEqual(download);
    expect(laptop.actions).toHaveLength(2);
    expect(after.actions).toEqual(expect.arrayContaining([
      expect.objectContaining({ podcast: feed, episode: 'https://cdn.example.com/played-show-1.mp3', action: 'play', position: 123, total: 600 }),
      expect.objectContaining({ podcast: feed, episode: 'https://cdn.example.com/played-show-2.mp3', action: 'play', position: 45 }),
    ]));
  });
});
