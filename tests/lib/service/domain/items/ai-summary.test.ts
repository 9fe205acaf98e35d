import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, startHarness, type Harness } from '../../harness';

const body = `<p>The harbour council voted on Tuesday to rebuild the old sea wall before winter.</p>
<p>Engineers warned that the wall had cracked in three places during the spring storms.</p>
<p>Work will start in August and should take eleven weeks, the council said.</p>
<p>Residents asked for the promenade to stay open during the works.</p>`;

describe('item summaries', () => {
  let harness: Harness;
  beforeAll(async () => { harness = await startHarness(); });
  afterAll(async () => { await harness.stop(); });

  it('makes an extractive summary of an article on its first read and keeps it', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const [articleId, episodeId] = (await harness.seedSubscription(user, [article({ title: 'Sea wall to be rebuilt', content: body }), episode()])).itemIds;
    const first = await harness.call('GET', `/v1/items/${articleId}`, { key });
    const sentences = first.body.ai_summary.match(/[^.]+\./g);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(body).toContain(sentences[0].trim());
    const stored = harness.service.db.prepare('SELECT ai_summary FROM items WHERE id = ?').pluck().get(articleId);
    expect(stored).toBe(first.body.ai_summary);
    expect((await harness.call('GET', `/v1/items/${episodeId}`, { key })).body.ai_summary).toBeNull();
  });

  it('makes none of a text too short to summarize, rather than repeat it', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const short = '<p>The ferry leaves at noon today.</p><p>Bring your ticket.</p>';
    const [id] = (await harness.seedSubscription(user, [article({ title: 'A short note', content: short })])).itemIds;
    expect((await harness.call('GET', `/v1/items/${id}`, { key })).body.ai_summary).toBeNull();
  });
});

describe('item summaries from an OpenAI-compatible endpoint', () => {
  let harness: Harness;
  let model: http.Server;
  const requests: { authorization?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  beforeAll(async () => {
    model = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => { text += chunk; });
      request.on('end', () => {
        requests.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        const failing = text.includes('Broken model day');
        response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: ' The council will rebuild the sea wall. ' } }] }));
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    harness = await startHarness({ summaryEndpoint: { url: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`, key: 'model-key', model: 'small-model' } });
  });
  afterAll(async () => {
    await harness.stop();
    await new Promise((resolve) => model.close(resolve));
  });

  it('asks the configured model and falls back to extractive when it fails', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const [id, other] = (await harness.seedSubscription(user, [article({ title: 'Sea wall to be rebuilt', content: body }), article({ title: 'Broken model day', content: body })])).itemIds;
    const answer = await harness.call('GET', `/v1/items/${id}`, { key });
    expect(answer.body.ai_summary).toBe('The council will rebuild the sea wall.');
    expect(requests[0].authorization).toBe('Bearer model-key');
    expect(requests[0].body.model).toBe('small-model');
    expect(requests[0].body.messages[1].content).toContain('Sea wall to be rebuilt');
    expect(requests[0].body.messages[1].content).toContain('Engineers warned');
    const fallback = await harness.call('GET', `/v1/items/${other}`, { key });
    expect(fallback.body.ai_summary).toContain('Engineers warned');
    expect(fallback.body.ai_summary).not.toContain('harbour council voted');
  });
});
