'use client';

import Link from '@/components/shell/intent-link';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '@/lib/client/api-client';
import { errorSentence, refusedFields } from '@/lib/client/error-message';
import { foldersKey, type Folder } from '@/lib/client/use-folders';
import { useSubscribe, type SubscribeResult } from '@/lib/client/use-subscription-actions';
import { buttonClass, fieldClass, labelClass, primaryButtonClass } from '../control-styles';
import { FolderPicker } from './folder-picker';
import { ArrowRightIcon, PlusIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Outcome =
  | { kind: 'done'; result: SubscribeResult }
  | { kind: 'failed'; title: string; detail: string; link?: { href: string; label: string }; folderGone?: boolean }
  | null;

/** Whether this can be a feed's address: http(s) with a dotted host, localhost or an IP; no scheme means https. */
function looksLikeWebAddress(address: string): boolean {
  const text = /^[a-z][a-z0-9+.-]*:/i.test(address) ? address : `https://${address}`;
  try {
    const url = new URL(text);
    const host = url.hostname;
    const named = host.includes('.') || host === 'localhost' || /^\[|^[\d.]+$/.test(host);
    return (url.protocol === 'http:' || url.protocol === 'https:') && named;
  } catch {
    return false;
  }
}

/** The plain words for each way subscribing can end (SPEC.md: 201, 200, 400, 402, 503), chosen by status and refused field. */
function describeFailure(error: unknown, address: string, folderGone: boolean): Exclude<Outcome, { kind: 'done' } | null> {
  const status = error instanceof ApiError ? error.status : -1;
  const detail = error instanceof Error ? error.message : String(error);
  switch (status) {
    case 400:
      // SPEC.md gives one status for a bad address, a bad folder and a page without a feed.
      // The service's own words here ("url must be an http or https URL") are for programmers.
      if (!looksLikeWebAddress(address)) {
        return { kind: 'failed', title: 'That is not a web address', detail: 'Paste an address such as example.com or https://example.com/feed.' };
      }
      // The service refuses the url field itself (not "no feed here") only for where a web address
      // leads: a home network or this device. No other address of that feed will help.
      if (error instanceof ApiError && refusedFields(error).includes('url')) {
        return {
          kind: 'failed',
          title: 'That address is not on the public internet',
          detail: 'It leads to a private or local network, such as a home network or this device, which is never fetched. Only feeds anyone can reach on the web can be followed here.',
        };
      }
      if (folderGone) {
        return { kind: 'failed', folderGone: true, title: 'That folder is gone', detail: `${detail} Choose another folder, or none.` };
      }
      return { kind: 'failed', title: 'No feed found at that address', detail: `${detail} Check the address, or paste the feed's own link (often ending in /feed, /rss or .xml).` };
    case 402:
      return { kind: 'failed', title: 'Your plan’s feed limit is reached', detail, link: { href: '/settings#plan', label: 'See your plan' } };
    case 503:
      // Also a wrong path (404), a redirect loop or an oversized feed, where waiting does not help.
      return { kind: 'failed', title: 'The feed could not be reached', detail: `${detail} Check the address; if it is right, the site may be down or slow, so try again later.` };
    default:
      return { kind: 'failed', title: 'Could not subscribe', detail: errorSentence(error) };
  }
}

type Props = {
  /** A URL to start with: what the share target or `?subscribe=` handed over. */
  initialUrl?: string;
  /** Whether folders can be chosen (first-party only). */
  withFolders: boolean;
  /** The address field, for a button that opens the form to move focus into it. */
  fieldRef?: Ref<HTMLInputElement>;
};

/** Subscribe by pasting an address, into a folder if wanted; every outcome is said plainly in a live region. */
export function SubscribeForm({ initialUrl = '', withFolders, fieldRef }: Props) {
  const subscribe = useSubscribe();
  const { mutate } = useSWRConfig();
  const [url, setUrl] = useState(initialUrl);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputId = useId();
  const hintId = useId();

  // A 400 is also SPEC.md's answer to a folder that is not there (deleted in another tab, say):
  // the folder list, fetched again, tells, whatever words the service chose.
  async function folderExists(id: string): Promise<boolean> {
    try {
      const folders = await mutate<Folder[]>(foldersKey);
      return !folders || folders.some((folder) => folder.id === id);
    } catch {
      return true;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = url.trim();
    if (busy) return;
    // `required` lets an address of spaces through; say so rather than do nothing.
    if (!address) {
      setOutcome({ kind: 'failed', title: 'No address given', detail: 'Paste the address of a blog, news site or podcast, or of its feed.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await subscribe(address, folderId);
      setOutcome({ kind: 'done', result });
      if (result.status === 'subscribed') setUrl('');
    } catch (error) {
      const failure = describeFailure(error, address, folderId !== null && error instanceof ApiError && error.status === 400 && !(await folderExists(folderId)));
      setOutcome(failure);
      if (failure.folderGone) setFolderId(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={busy}>
      <div>
        <label htmlFor={inputId} className={labelClass}>Feed or website address</label>
        <p id={hintId} className="text-sm text-muted">A blog, news site, podcast or its feed link.</p>
        <input
          id={inputId}
          ref={fieldRef}
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={hintId}
          placeholder="https://example.com/feed"
          className={`${fieldClass} mt-1`}
        />
      </div>
      {withFolders && <FolderPicker label="Folder" value={folderId} onChange={setFolderId} />}
      <button type="submit" aria-disabled={busy} className={primaryButtonClass}>
        <ButtonIcon icon={PlusIcon} />
        {busy ? 'Subscribing…' : 'Subscribe'}
      </button>
      <div role="status" aria-live="polite" className="min-h-6">
        {busy && <p className="text-muted">Fetching the feed…</p>}
        {outcome?.kind === 'done' && (
          <p className="rounded-md border border-success p-3">
            <strong className="text-success">
              {outcome.result.status === 'subscribed' ? 'Subscribed' : 'Already subscribed'}:
            </strong>{' '}
            {outcome.result.status === 'subscribed'
              ? `you now follow ${outcome.result.title}.`
              : `you already follow ${outcome.result.title}; nothing changed.`}{' '}
            <Link href={`/subscriptions/${outcome.result.subscription_id}`} className="underline">Open {outcome.result.title}</Link>
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <div className="rounded-md border border-danger p-3">
            <p><strong className="text-danger">{outcome.title}.</strong> {outcome.detail}</p>
            {outcome.link && <p className="mt-2"><Link href={outcome.link.href} className={`${buttonClass} no-underline`}>{outcome.link.label}<ButtonIcon icon={ArrowRightIcon} /></Link></p>}
          </div>
        )}
      </div>
    </form>
  );
}
