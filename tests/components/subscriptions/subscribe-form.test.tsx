// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterForm } from '@/components/subscriptions/newsletter-form';
import { SubscribeForm } from '@/components/subscriptions/subscribe-form';
import { SubscriptionsView } from '@/components/subscriptions/subscriptions-view';
import { callApi, configureApi } from '@/lib/client/api-client';
import { document as servedDocument, FeedServer, rss } from '../../lib/service/feed-server';
import { closedPort, startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

/** The live region under the subscribe button, once it says something. */
async function outcome(): Promise<HTMLElement> {
  const form = screen.getByRole('textbox', { name: 'Feed or website address' }).closest('form')!;
  const status = within(form).getByRole('status');
  await waitFor(() => expect(status.textContent).not.toMatch(/^(Fetching the feed…)?$/));
  return status;
}

let sites: FeedServer;
// A site of its own: the service also tries well-known feed paths on the page's host.
let pages: FeedServer;
let feedUrl: string;
const previousPrivate = process.env.TIDINGS_ALLOW_PRIVATE_URLS;

beforeAll(async () => {
  // The feeds live on 127.0.0.1, which the service refuses unless configured for tests.
  process.env.TIDINGS_ALLOW_PRIVATE_URLS = '1';
  sites = await new FeedServer().start();
  feedUrl = sites.route('/feed.xml', servedDocument(rss('Harbour Notes', [
    { guid: 'h1', title: 'Boats come in', date: new Date('2025-05-02T08:00:00Z') },
    { guid: 'h2', title: 'Tide tables', date: new Date('2025-05-01T08:00:00Z') },
  ])));
  pages = await new FeedServer().start();
  pages.route('/page.html', servedDocument('<!doctype html><title>Just a page</title><p>No feed here.</p>', 'text/html; charset=utf-8'));
});
afterAll(async () => {
  await sites.stop();
  await pages.stop();
  if (previousPrivate === undefined) delete process.env.TIDINGS_ALLOW_PRIVATE_URLS;
  else process.env.TIDINGS_ALLOW_PRIVATE_URLS = previousPrivate;
});
afterEach(() => cleanup());

describe('subscribing by address', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
  });
  afterAll(() => local.close());

  it('subscribes to a new feed (201), says so with a link to it, and the list shows it with its items', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsView />, { url: '/subscriptions' });
    await screen.findByText('No subscriptions yet');
    await user.type(screen.getByRole('textbox', { name: 'Feed or website address' }), feedUrl);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const status = await outcome();
    expect(status.textContent).toBe('Subscribed: you now follow Harbour Notes. Open Harbour Notes');
    const id = (await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data[0]!.id;
    expect(within(status).getByRole('link', { name: 'Open Harbour Notes' }).getAttribute('href')).toBe(`/subscriptions/${id}`);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    expect(within(list).getByRole('link', { name: 'Harbour Notes' }).closest('li')!.textContent).toContain('2 unread');
    expect((screen.getByRole('textbox', { name: 'Feed or website address' }) as HTMLInputElement).value).toBe('');
    // Now there is a subscription, adding can fold away on a phone, but not under the person's outcome.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a subscription' }).getAttribute('aria-expanded')).toBe('true'));
    expect(status.textContent).toContain('Subscribed: you now follow Harbour Notes.');
  });

  it('says plainly when the feed is already followed (200) and changes nothing', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl={feedUrl} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toBe('Already subscribed: you already follow Harbour Notes; nothing changed. Open Harbour Notes');
    expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).pagination.total).toBe(1);
  });

  it('says when the address holds no feed (400)', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl={`${pages.baseUrl}/page.html`} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const status = await outcome();
    expect(status.textContent).toMatch(/^No feed found at that address\. .+ Check the address, or paste the feed's own link/);
  });

  it('says when the address is not a web address at all (400)', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl="ftp://example.com/feed" />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toBe('That is not a web address. Paste an address such as example.com or https://example.com/feed.');
  });

  it('says a word without a dot is not a web address, and subscribes to nothing', async () => {
    const user = userEvent.setup();
    const before = (await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).pagination.total;
    renderRouted(<SubscribeForm withFolders={false} initialUrl="harbour notes" />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toMatch(/^That is not a web address\. /);
    expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).pagination.total).toBe(before);
  });

  it('says when the feed cannot be reached (503)', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl={`http://127.0.0.1:${await closedPort()}/feed.xml`} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const status = await outcome();
    expect(status.textContent).toMatch(/^The feed could not be reached\. .+ Check the address; if it is right, the site may be down or slow, so try again later\.$/);
  });

  it('asks to check the address when the site has no page there (404), not only to wait', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl={`${sites.baseUrl}/no-such-feed.xml`} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toMatch(/^The feed could not be reached\. .*404.* Check the address; if it is right/);
  });

  it('says an address of only spaces is no address, and subscribes to nothing', async () => {
    const user = userEvent.setup();
    const before = (await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).pagination.total;
    renderRouted(<SubscribeForm withFolders={false} initialUrl="   " />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toBe('No address given. Paste the address of a blog, news site or podcast, or of its feed.');
    expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).pagination.total).toBe(before);
  });

  it('starts with the shared address from ?subscribe= in the field', async () => {
    renderRouted(<SubscriptionsView />, { url: `/subscriptions?subscribe=${encodeURIComponent('https://shared.example/feed')}` });
    expect((screen.getByRole('textbox', { name: 'Feed or website address' }) as HTMLInputElement).value).toBe('https://shared.example/feed');
  });

  it('subscribes into the chosen folder', async () => {
    const user = userEvent.setup();
    const folder = await callApi('POST', '/v1/folders', { body: { name: 'Coast' } });
    const other = sites.route('/other.xml', servedDocument(rss('Lighthouse Log', [{ guid: 'l1', title: 'Beam', date: new Date('2025-05-03T08:00:00Z') }])));
    renderRouted(<SubscribeForm withFolders initialUrl={other} />);
    const picker = screen.getByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Coast' })).toBeTruthy());
    await user.selectOptions(picker, 'Coast');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toContain('Subscribed: you now follow Lighthouse Log.');
    const inFolder = await callApi('GET', '/v1/subscriptions', { query: { folder_id: folder.id } });
    expect(inFolder.data.map((entry) => entry.title)).toEqual(['Lighthouse Log']);
  });

  it('says no feed was found at an address that names a folder, when the chosen folder is still there', async () => {
    const user = userEvent.setup();
    await callApi('POST', '/v1/folders', { body: { name: 'Archive' } });
    const page = pages.route('/folder/notes.html', servedDocument('<!doctype html><title>Notes</title><p>No feed here.</p>', 'text/html; charset=utf-8'));
    renderRouted(<SubscribeForm withFolders initialUrl={page} />);
    const picker = screen.getByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Archive' })).toBeTruthy());
    await user.selectOptions(picker, 'Archive');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toMatch(/^No feed found at that address/);
    expect(within(picker).getByRole('option', { name: 'Archive' })).toBeTruthy();
  });

  it('says when the chosen folder was deleted meanwhile, and subscribes to nothing', async () => {
    const user = userEvent.setup();
    const folder = await callApi('POST', '/v1/folders', { body: { name: 'Estuary' } });
    const other = sites.route('/estuary.xml', servedDocument(rss('Estuary Notes', [{ guid: 'e1', title: 'Tide', date: new Date('2025-05-03T08:00:00Z') }])));
    renderRouted(<SubscribeForm withFolders initialUrl={other} />);
    const picker = screen.getByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Estuary' })).toBeTruthy());
    await user.selectOptions(picker, 'Estuary');
    await callApi('DELETE', '/v1/folders/{folder_id}', { params: { folder_id: folder.id } });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toBe(`That folder is gone. No folder with id ${folder.id} exists. Choose another folder, or none.`);
    const all = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });
    expect(all.data.map((entry) => entry.title)).not.toContain('Estuary Notes');
    await waitFor(() => expect(within(picker).queryByRole('option', { name: 'Estuary' })).toBeNull());
    expect((picker as HTMLSelectElement).value).toBe('');
  });
});

describe('subscribing without a connection', () => {
  it('says the subscription was not made and asks to try again, rather than that it happens by itself later', async () => {
    const local = await startLocalService();
    const user = userEvent.setup();
    try {
      renderRouted(<SubscribeForm withFolders={false} initialUrl={feedUrl} />);
      // The app's proxy is out of reach: nothing answers the request at all.
      const reachable = local.base;
      configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      const offline = (await outcome()).textContent!;
      expect(offline).toContain('this was not done. Try again when you are back online.');
      expect(offline).not.toMatch(/load again|by itself/);

      // A network the browser knows of that passes nothing: the request may have landed.
      delete (window.navigator as { onLine?: boolean }).onLine;
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      await waitFor(async () => expect((await outcome()).textContent).toContain('this may not have been done. Try again once the connection works.'));
      configureApi({ base: reachable });
      expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).pagination.total).toBe(0);
    } finally {
      delete (window.navigator as { onLine?: boolean }).onLine;
      local.close();
    }
  });
});

describe('subscribing on a service that refuses private addresses', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ config: { allowPrivateUrls: false } });
  });
  afterAll(() => local.close());

  it('says a local address is refused because it is not on the public internet, not that it holds no feed', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl={feedUrl} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toBe(
      'That address is not on the public internet. It leads to a private or local network, such as a home network or this device, which is never fetched. Only feeds anyone can reach on the web can be followed here.',
    );
  });

  it('says the same when a host name resolves to a local address', async () => {
    const user = userEvent.setup();
    // localhost is looked up in DNS, unlike a literal IP: the service's refusal is worded otherwise, the field it names is the same.
    renderRouted(<SubscribeForm withFolders={false} initialUrl={feedUrl.replace('127.0.0.1', 'localhost')} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await outcome()).textContent).toMatch(/^That address is not on the public internet\. /);
  });
});

describe('subscribing on a plan at its feed limit', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free' });
    for (let index = 0; index < 50; index += 1) local.addFeed(`Filler ${index}`, []);
  });
  afterAll(() => local.close());

  it('explains the limit (402) with a way to the plan', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscribeForm withFolders={false} initialUrl={feedUrl} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const status = await outcome();
    expect(status.textContent).toContain('Your plan’s feed limit is reached. The free plan allows 50 subscriptions');
    expect(within(status).getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/settings#plan');
  });
});

describe('creating a newsletter address', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
  });
  afterAll(() => local.close());

  it('shows the new address with a Copy button that copies it', async () => {
    const user = userEvent.setup();
    renderRouted(<NewsletterForm />);
    await user.type(screen.getByRole('textbox', { name: 'Newsletter name' }), 'Friday Digest');
    await user.click(screen.getByRole('button', { name: 'Create address' }));

    const address = await screen.findByRole('textbox', { name: 'Newsletter address' }) as HTMLInputElement;
    expect(address.value).toMatch(/^friday-digest\.[0-9a-f]{10}@mail\.tidings\.local$/);
    const subscriptions = await callApi('GET', '/v1/subscriptions', { query: { all: 'true', source_type: 'newsletter' } });
    expect(subscriptions.data[0]!.newsletter_address).toBe(address.value);

    await user.click(screen.getByRole('button', { name: 'Copy the newsletter address' }));
    expect(await navigator.clipboard.readText()).toBe(address.value);
    expect(screen.getByText('Copied.')).toBeTruthy();
  });

  it('says a name of only spaces is no name, and creates nothing', async () => {
    const user = userEvent.setup();
    renderRouted(<NewsletterForm />);
    const before = await callApi('GET', '/v1/subscriptions', { query: { all: 'true', source_type: 'newsletter' } });
    await user.type(screen.getByRole('textbox', { name: 'Newsletter name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create address' }));

    expect(screen.getByRole('status').textContent).toBe('Give the newsletter a name; spaces alone are not one.');
    const after = await callApi('GET', '/v1/subscriptions', { query: { all: 'true', source_type: 'newsletter' } });
    expect(after.data).toHaveLength(before.data.length);
  });
});
