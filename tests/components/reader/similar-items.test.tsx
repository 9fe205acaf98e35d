// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { SimilarSection } from '@/components/reader/similar-section';
import { indexNewItems } from '@/lib/service/intelligence/ingest-queue';
import type { NewItem } from '@/lib/service/domain/feeds/store-items';
import { bridgeCollapse } from '../../fixtures/intelligence/articles';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

/** Adds a feed of these items and indexes them as ingestion does, so similar items can find them. */
async function addIndexedFeed(local: LocalService, title: string, items: Partial<NewItem>[]): Promise<string[]> {
  const ids = local.addFeed(title, items);
  await indexNewItems(local.service, { added: ids, skipped: 0 });
  return ids;
}

/** The bridge collapse told by three outlets, each its own feed; answers their ids in fixture order. */
async function addBridgeStory(local: LocalService): Promise<string[]> {
  const ids: string[] = [];
  for (const doc of bridgeCollapse) {
    ids.push(...await addIndexedFeed(local, doc.source_id, [
      { guid: doc.id, title: doc.title, summary: doc.summary, content: doc.content, url: doc.url, published_at: doc.published_at },
    ]));
  }
  return ids;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('similar items on a plan that has them', () => {
  let local: LocalService;
  let bridge: string[];
  let alone: string;

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
    bridge = await addBridgeStory(local);
    [alone] = await addIndexedFeed(local, 'Allotment Notes', [{ title: 'Planting garlic in autumn', content: '<p>Cloves go in pointed end up.</p>' }]);
  });
  afterAll(() => local.close());

  it('waits for a press of its button before loading, then links to the other outlets\' reports', async () => {
    const user = userEvent.setup();
    renderApp(<ItemReader id={bridge[0]!} />);
    const section = await screen.findByRole('region', { name: 'Similar items' });
    expect(within(section).queryByRole('list')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Show similar items' }));
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Similar items' }));
    const list = await within(section).findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.length).toBeLessThanOrEqual(5);
    const hrefs = links.map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(`/items/${bridge[1]}`);
    expect(hrefs).toContain(`/items/${bridge[2]}`);
    expect(hrefs).not.toContain(`/items/${bridge[0]}`);
    expect(within(list).getByRole('link', { name: /Divers rescue lorry drivers/ }).textContent).toContain('courier');
  });

  it('loads by itself when the section nears the screen', async () => {
    const observed: Element[] = [];
    // jsdom has no layout: this observer reports every observed element as on screen.
    vi.stubGlobal('IntersectionObserver', class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push(element);
        queueMicrotask(() => this.report([{ isIntersecting: true, target: element } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
      }
      disconnect() {}
    });
    renderApp(<SimilarSection id={bridge[1]!} onNavigate={() => undefined} />);
    const section = screen.getByRole('region', { name: 'Similar items' });
    const list = await within(section).findByRole('list');
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toContain(`/items/${bridge[0]}`);
    expect(observed).toEqual([section]);
    expect(within(section).queryByRole('button', { name: 'Show similar items' })).toBeNull();
  });

  it('says so when nothing among the person\'s items is similar', async () => {
    const user = userEvent.setup();
    renderApp(<SimilarSection id={alone!} onNavigate={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Show similar items' }));
    expect(await screen.findByText('Nothing similar among your items yet.')).toBeTruthy();
  });
});

describe('similar items on the free plan', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free' });
  });
  afterAll(() => local.close());

  it('explains the plan and links to it instead of a list', async () => {
    const [id] = await addIndexedFeed(local, 'Free Feed', [{ title: 'A free article', published_at: new Date().toISOString() }]);
    const user = userEvent.setup();
    renderApp(<SimilarSection id={id!} onNavigate={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Show similar items' }));
    const section = screen.getByRole('region', { name: 'Similar items' });
    await waitFor(() => expect(section.textContent).toContain('Not included in your plan'));
    expect(section.textContent).toContain('Similar items come with the Pro and Plus plans.');
    expect(within(section).getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/settings');
    expect(within(section).queryByRole('list')).toBeNull();
  });
});
