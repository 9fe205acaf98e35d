'use client';

import Link from '@/components/shell/intent-link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { ListKeys } from '@/components/list-keys';
import { useCapabilities } from '@/lib/client/capabilities';
import { maxSearchLength, readSearchSelection, searchHref, searchTabs, type SearchSelection } from '@/lib/client/search-view';
import { sourceTypes } from '@/lib/client/subscriptions-view';
import { useAccount } from '@/lib/client/use-account';
import { fieldClass, labelClass, primaryButtonClass } from '../control-styles';
import { BestMatchResults, ItemResults } from './item-results';
import { FeedResults, FolderResults, SavedSearchResults, TagResults } from './record-results';
import { SaveSearchForm } from './save-search-form';
import { SavedSearchList } from './saved-search-list';
import { SearchIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

function SearchForm({ selection, onSearch }: { selection: SearchSelection; onSearch: () => void }) {
  const router = useRouter();
  const [text, setText] = useState(selection.q);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // `/` brings any other page here; here it goes back to the box, ready for a new query.
  const focusBox = () => {
    input.current?.focus();
    input.current?.select();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    // Only a new query re-renders the results; the same one again leaves focus in the box.
    if (q !== selection.q) onSearch();
    router.push(searchHref({ ...selection, q }));
  }
  return (
    <>
      <form role="search" aria-label="Search everything" onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={inputId} className={labelClass}>Search for</label>
          <input
            ref={input}
            id={inputId}
            type="search"
            name="q"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={maxSearchLength}
            required
            autoFocus={!selection.q}
            enterKeyHint="search"
            className={`${fieldClass} mt-1`}
          />
        </div>
        <button type="submit" className={primaryButtonClass}><ButtonIcon icon={SearchIcon} />Search</button>
      </form>
      <KeyboardShortcuts handlers={{ search: focusBox }} />
    </>
  );
}

function Tabs({ selection }: { selection: SearchSelection }) {
  return (
    <nav aria-label="What to search" className="mt-4">
      <ul className="flex flex-wrap gap-1 rounded-lg border border-line p-1">
        {searchTabs.map(({ tab, label }) => {
          const current = selection.tab === tab;
          return (
            <li key={tab}>
              <Link
                href={searchHref({ ...selection, tab })}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium no-underline ${current ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface'}`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The items tab's choices: whole text or titles only, and (Plus) items beyond the person's subscriptions. */
function ItemOptions({ selection, globalOffered }: { selection: SearchSelection; globalOffered: boolean }) {
  const router = useRouter();
  const set = (change: Partial<SearchSelection>) => router.replace(searchHref({ ...selection, ...change }), { scroll: false });
  return (
    <fieldset className="mt-3 flex flex-wrap gap-x-6">
      <legend className="sr-only">Search options</legend>
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" checked={selection.includeBody} onChange={(event) => set({ includeBody: event.target.checked })} className="size-5 shrink-0 accent-accent" />
        Search article text too, not only titles
      </label>
      {globalOffered && (
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" checked={selection.includeGlobal} onChange={(event) => set({ includeGlobal: event.target.checked })} className="size-5 shrink-0 accent-accent" />
          Include items beyond your subscriptions
        </label>
      )}
    </fieldset>
  );
}

function FeedOptions({ selection }: { selection: SearchSelection }) {
  const router = useRouter();
  const id = useId();
  return (
    <div className="mt-3 sm:w-60">
      <label htmlFor={id} className={labelClass}>Kind</label>
      <select
        id={id}
        value={selection.sourceType ?? ''}
        onChange={(event) => router.replace(searchHref({
          ...selection, sourceType: sourceTypes.find((entry) => entry.type === event.target.value)?.type ?? null,
        }), { scroll: false })}
        className={`${fieldClass} mt-1`}
      >
        <option value="">Every kind</option>
        {sourceTypes.map((entry) => <option key={entry.type} value={entry.type}>{entry.plural}</option>)}
      </select>
    </div>
  );
}

/** The search page's island: one box, the query and tab in the URL, and each tab's results. */
export function SearchView() {
  const params = useSearchParams();
  const { q, tab, includeBody, includeGlobal, sourceType } = readSearchSelection(params);
  const selection = useMemo(() => ({ q, tab, includeBody, includeGlobal, sourceType }), [q, tab, includeBody, includeGlobal, sourceType]);
  const itemSearch = useMemo(() => ({ q, includeBody, includeGlobal }), [q, includeBody, includeGlobal]);
  const { firstParty } = useCapabilities();
  const account = useAccount();
  const globalFeature = account.hasFeature('include_global');
  // Against a hosted service the plan is unknown: offer it and let a 402 explain.
  const globalOffered = globalFeature === true || (globalFeature === null && Boolean(account.error));
  const label = searchTabs.find((entry) => entry.tab === tab)!.label;
  // The box is remade for each query (so back and forward show theirs), which dropped focus to
  // <body> after a search: a keyboard or screen-reader user started again at the top. A search
  // the person ran lands them on its results, which also puts a phone's keyboard away.
  const searched = useRef(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!searched.current) return;
    searched.current = false;
    resultsHeading.current?.focus();
  }, [q]);

  // j/k, o, m, s and v answer in the item results (the form's KeyboardShortcuts takes them).
  return (
    <ListKeys>
      <SearchForm key={q} selection={selection} onSearch={() => { searched.current = true; }} />
      {!q ? (
        <>
          <p className="mt-6 text-muted">Search your items, feeds, folders, tags and saved searches. Press / on any page to come here.</p>
          {firstParty && <SavedSearchList />}
        </>
      ) : (
        <>
          <Tabs selection={selection} />
          <section aria-labelledby="results-heading" className="mt-4">
            <h2 id="results-heading" ref={resultsHeading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">{label}</h2>
            {tab === 'items' && (
              <>
                <ItemOptions selection={selection} globalOffered={globalOffered} />
                {firstParty && <div className="mt-3"><SaveSearchForm key={JSON.stringify(itemSearch)} search={itemSearch} /></div>}
                <ItemResults search={itemSearch} />
              </>
            )}
            {tab === 'best' && <BestMatchResults q={q} />}
            {tab === 'feeds' && (
              <>
                <FeedOptions selection={selection} />
                <FeedResults q={q} sourceType={sourceType} />
              </>
            )}
            {tab === 'folders' && <FolderResults q={q} />}
            {tab === 'tags' && <TagResults q={q} />}
            {tab === 'saved' && <SavedSearchResults q={q} />}
          </section>
        </>
      )}
    </ListKeys>
  );
}
