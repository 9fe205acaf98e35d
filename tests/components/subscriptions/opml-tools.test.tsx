// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpmlTools } from '@/components/subscriptions/opml-tools';
import { callApi, configureApi } from '@/lib/client/api-client';
import { maxImportFeeds } from '@/lib/service/domain/opml/import-opml';
import { document as servedDocument, FeedServer, rss } from '../../lib/service/feed-server';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

function folderNames(local: LocalService): string[] {
  return local.service.db.prepare('SELECT name FROM folders WHERE user_id = ? ORDER BY name').pluck().all(local.user.id) as string[];
}


describe('OPML import and export', () => {
  let local: LocalService;
  let sites: FeedServer;
  const previousPrivate = process.env.TIDINGS_ALLOW_PRIVATE_URLS;
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;

  beforeAll(async () => {
    process.env.TIDINGS_ALLOW_PRIVATE_URLS = '1';
    local = await startLocalService();
    sites = await new FeedServer().start();
    sites.route('/one.xml', servedDocument(rss('River One', [{ guid: 'r1', title: 'Source', date: new Date('2025-05-01T00:00:00Z') }])));
  });
  afterAll(async () => {
    await sites.stop();
    local.close();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    if (previousPrivate === undefined) delete process.env.TIDINGS_ALLOW_PRIVATE_URLS;
    else process.env.TIDINGS_ALLOW_PRIVATE_URLS = previousPrivate;
  });

  it('imports a file: new feeds in their folders at once, then how far their fetch has got and which failed and why', async () => {
    const user = userEvent.setup();
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
      <outline text="Rivers"><outline type="rss" text="River One" xmlUrl="${sites.baseUrl}/one.xml"/></outline>
      <outline type="rss" text="Gone" xmlUrl="${sites.baseUrl}/missing.xml"/>
    </body></opml>`;
    renderRouted(<OpmlTools />);
    await user.upload(screen.getByLabelText('OPML file to import'), new File([opml], 'mine.opml', { type: 'text/x-opml' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await screen.findByText('Imported 2 feeds; 0 already subscribed; 0 failed.', undefined, { timeout: 10_000 });
    expect(folderNames(local)).toEqual(['Rivers']);
    await screen.findByText('Fetched 2 imported feeds; 1 feed failed.', undefined, { timeout: 10_000 });
    const failed = within(screen.getByRole('list', { name: 'Imported feeds that could not be fetched' })).getByText(`${sites.baseUrl}/missing.xml`).closest('li')!;
    expect(failed.textContent).toMatch(/: .*404/);
    const subscriptions = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });
    expect(subscriptions.data.map((entry) => entry.title).sort()).toEqual(['Gone', 'River One']);
  });

  it('says plainly that an empty file, a file that is not OPML, or one without feeds imported nothing', async () => {
    const user = userEvent.setup();
    renderRouted(<OpmlTools />);
    const field = screen.getByLabelText('OPML file to import');
    const before = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });

    await user.upload(field, new File([''], 'blank.opml', { type: 'text/x-opml' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Nothing was imported: blank.opml is empty. Choose the .opml file your other reader exports.');

    await user.upload(field, new File(['just some notes, not a reader export'], 'notes.opml', { type: 'text/x-opml' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      'Nothing was imported: that file is not an OPML document. Choose the .opml file your other reader exports (often under Settings, Import or Export).',
      undefined, { timeout: 10_000 },
    );

    await user.upload(field, new File(['<?xml version="1.0"?><opml version="2.0"><head><title>Empty</title></head><body></body></opml>'], 'none.opml', { type: 'text/x-opml' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('That file lists no feeds, so nothing was imported.', undefined, { timeout: 10_000 });
    expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data).toEqual(before.data);
  });

  it('names the first 20 imported feeds of a long list that failed their fetch and counts the rest', async () => {
    const user = userEvent.setup();
    const outlines = Array.from({ length: 25 }, (_, index) => `<outline type="rss" text="Gone ${index}" xmlUrl="${sites.baseUrl}/gone-${index}.xml"/>`);
    renderRouted(<OpmlTools />);
    await user.upload(screen.getByLabelText('OPML file to import'), new File([`<opml version="2.0"><body>${outlines.join('')}</body></opml>`], 'gone.opml'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported 25 feeds; 0 already subscribed; 0 failed.', undefined, { timeout: 10_000 });
    await screen.findByText('Fetched 25 imported feeds; 25 feeds failed.', undefined, { timeout: 10_000 });
    expect(within(screen.getByRole('list', { name: 'Imported feeds that could not be fetched' })).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('…and 5 more.')).toBeTruthy();
    // The failures are not inside the live region, which announces only the summary.
    expect(screen.getByRole('status').textContent).toBe('Imported 25 feeds; 0 already subscribed; 0 failed.');
  });

  it('says how many repeated addresses in the file were imported once', async () => {
    const user = userEvent.setup();
    sites.route('/twice.xml', servedDocument(rss('Twice Told', [{ guid: 't1', title: 'Told', date: new Date('2025-05-02T00:00:00Z') }])));
    const twice = `<outline type="rss" text="Twice" xmlUrl="${sites.baseUrl}/twice.xml"/>`;
    const opml = `<opml version="2.0"><body>${twice}<outline text="Again">${twice}${twice}${twice}</outline></body></opml>`;
    renderRouted(<OpmlTools />);
    await user.upload(screen.getByLabelText('OPML file to import'), new File([opml], 'repeats.opml'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported 1 feed; 0 already subscribed; 0 failed. 3 repeated addresses in the file were imported once.', undefined, { timeout: 10_000 });
  });

  it('reads an older service\'s answer without the count of repeated addresses as none', async () => {
    const user = userEvent.setup();
    const older = await new FeedServer().start();
    older.route('/v1/opml/import', servedDocument(JSON.stringify({ imported: 2, already_subscribed: 1, failed: [] }), 'application/json'));
    older.route('/v1/folders', servedDocument(JSON.stringify({ data: [] }), 'application/json'));
    older.route('/v1/subscriptions', servedDocument(JSON.stringify({ data: [], pagination: { total: 0 } }), 'application/json'));
    configureApi({ base: older.baseUrl });
    try {
      renderRouted(<OpmlTools />);
      await user.upload(screen.getByLabelText('OPML file to import'), new File([`<opml version="2.0"><body/></opml>`], 'old.opml'));
      await user.click(screen.getByRole('button', { name: 'Import' }));
      await screen.findByText('Imported 2 feeds; 1 already subscribed; 0 failed.', undefined, { timeout: 10_000 });
    } finally {
      configureApi({ base: local.base });
      await older.stop();
    }
  });

  it(`refuses a file of more than ${maxImportFeeds} feeds with the limit named, importing nothing`, async () => {
    const user = userEvent.setup();
    const outlines = Array.from({ length: maxImportFeeds + 200 }, (_, index) => `<outline type="rss" text="Far ${index}" xmlUrl="${sites.baseUrl}/far-${index}.xml"/>`);
    const before = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });
    renderRouted(<OpmlTools />);
    await user.upload(screen.getByLabelText('OPML file to import'), new File([`<opml version="2.0"><body>${outlines.join('')}</body></opml>`], 'huge.opml'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(
      'Nothing was imported: that file lists 1,200 feeds, more than the 1,000 one import takes; split the file into smaller ones.',
      undefined, { timeout: 10_000 },
    );
    expect(sites.hits.get('/far-0.xml')).toBeUndefined();
    expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data).toEqual(before.data);
  });

  it('tells the refusals apart by status and the field they name, whatever the service\'s wording', async () => {
    const user = userEvent.setup();
    // A service that words its refusals otherwise: a 422 about opml, then a 413 about it.
    const reworded = await new FeedServer().start();
    const refusals = [
      { status: 422, message: 'opml could not be read as XML (line 1).' },
      { status: 413, message: 'opml names 3 feeds; one import takes 2.' },
    ];
    reworded.route('/v1/opml/import', (_request, response) => {
      const { status, message } = refusals.shift()!;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message }));
    });
    configureApi({ base: reworded.baseUrl });
    try {
      renderRouted(<OpmlTools />);
      const field = screen.getByLabelText('OPML file to import');
      await user.upload(field, new File(['<opml'], 'broken.opml'));
      await user.click(screen.getByRole('button', { name: 'Import' }));
      await screen.findByText(
        'Nothing was imported: that file is not an OPML document. Choose the .opml file your other reader exports (often under Settings, Import or Export).',
        undefined, { timeout: 10_000 },
      );
      await user.upload(field, new File(['<opml version="2.0"><body/></opml>'], 'three.opml'));
      await user.click(screen.getByRole('button', { name: 'Import' }));
      await screen.findByText('Nothing was imported: that file names 3 feeds; one import takes 2.', undefined, { timeout: 10_000 });
    } finally {
      configureApi({ base: local.base });
      await reworded.stop();
    }
  });

  it('says a file over the 1 MB a request takes is too large, as any refusal that names no field', async () => {
    const user = userEvent.setup();
    const before = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });
    const padding = `<!-- ${'x'.repeat(1_100_000)} -->`;
    renderRouted(<OpmlTools />);
    await user.upload(screen.getByLabelText('OPML file to import'), new File([`<opml version="2.0"><body/>${padding}</opml>`], 'padded.opml'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Something went wrong: The request body is larger than 1 MB. (status 413)', undefined, { timeout: 10_000 });
    expect((await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data).toEqual(before.data);
  });

  it('asks for a file before importing', async () => {
    const user = userEvent.setup();
    renderRouted(<OpmlTools />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Choose an OPML file first.')).toBeTruthy();
  });

  it('exports every subscription as an OPML download', async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs; keep the blob the download would hand to the browser.
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:opml';
    };
    URL.revokeObjectURL = () => undefined;
    renderRouted(<OpmlTools />);
    await user.click(screen.getByRole('button', { name: 'Export OPML' }));
    await screen.findByText(/^Downloaded .+\.opml\.$/);
    expect(blobs).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toContain(`${sites.baseUrl}/one.xml`);
    expect(text).toContain('Rivers');
  });
});
