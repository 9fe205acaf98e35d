'use client';

import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useCapabilities } from '@/lib/client/capabilities';
import type { ItemDetail } from '@/lib/client/item-cache';
import { useTags } from '@/lib/client/use-sources';
import { useItemActions } from '@/lib/client/use-item-actions';
import { outcomeSentence } from '@/lib/client/outbox/outcome-sentence';

type Props = { item: ItemDetail; onResult: (message: string, error?: unknown) => void };

/** The button of the chip after the pressed one in its list, else before it; null when it was alone. */
function chipBeside(button: HTMLElement): HTMLElement | null {
  const chip = button.closest('li');
  const beside = chip?.nextElementSibling ?? chip?.previousElementSibling;
  return beside?.querySelector('button') ?? null;
}

// A tag as long as the screen is wide wraps inside its chip instead of widening the page.
const chipClass = 'inline-flex min-h-9 max-w-full items-center gap-1 rounded-full border border-line-strong text-sm wrap-anywhere';

/**
 * The item's tags by name: remove one, add new ones (comma-separated, the field offering the
 * account's existing tags as it is typed in), or take a suggestion with one click.
 */
export function TagsEditor({ item, onResult }: Props) {
  const actions = useItemActions();
  // Only the embedded service lists the account's tags; against a hosted one the field is plain.
  const { firstParty } = useCapabilities();
  const existing = useTags(firstParty).data ?? [];
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const names = item.tags.map((tag) => tag.name);
  const suggestions = item.suggested_tags.filter((name) => !names.some((taken) => taken.toLowerCase() === name.toLowerCase()));
  // A datalist completes the whole field: after a comma, each choice keeps the names typed before it.
  const typed = draft.includes(',') ? `${draft.slice(0, draft.lastIndexOf(',') + 1).trimEnd()} ` : '';
  const completions = existing.map((tag) => tag.name).filter((name) => !names.includes(name));

  // How the last press came: a finger on a phone, or a mouse, keyboard or screen reader.
  const pointer = useRef('');

  const save = async (next: string[], message: string, pressed?: MouseEvent<HTMLButtonElement>) => {
    // The pressed chip disappears. The field is where the next tag goes, but focusing it after a
    // tap opens the phone's keyboard over the page: a finger moves on to the chip beside instead.
    if (pressed && pointer.current === 'touch') chipBeside(pressed.currentTarget)?.focus({ preventScroll: true });
    else input.current?.focus();
    try {
      onResult(outcomeSentence(await actions.setTags(item.id, next), message));
    } catch (error) {
      onResult('', error);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const added = draft.split(',').map((name) => name.trim()).filter((name) => name && !names.includes(name));
    if (!added.length) return;
    setDraft('');
    void save([...names, ...added], `Tagged ${added.join(', ')}.`);
  };

  return (
    <section
      aria-labelledby="tags-title"
      onPointerDown={(event) => { pointer.current = event.pointerType; }}
      onKeyDown={() => { pointer.current = ''; }}
      className="mt-10 border-t border-line pt-6"
    >
      <h2 id="tags-title" className="text-lg font-semibold">Tags</h2>
      {names.length ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {names.map((name) => (
            <li key={name} className={`${chipClass} bg-accent-soft pl-3`}>
              {name}
              <button
                type="button"
                onClick={(event) => void save(names.filter((other) => other !== name), `Removed tag ${name}.`, event)}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-surface"
              >
                <span aria-hidden>×</span>
                <span className="sr-only">Remove tag {name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">No tags yet.</p>
      )}
      <form onSubmit={add} className="mt-4 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor="new-tag" className="text-sm font-medium">Add tags</label>
          <input
            ref={input}
            id="new-tag"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="e.g. climate, to-read"
            autoComplete="off"
            list={completions.length ? 'existing-tags' : undefined}
            className="mt-1 min-h-11 w-full rounded-md border border-line-strong bg-canvas px-3"
          />
          {completions.length > 0 && (
            <datalist id="existing-tags">
              {completions.map((name) => <option key={name} value={`${typed}${name}`} />)}
            </datalist>
          )}
        </div>
        <button type="submit" className="min-h-11 rounded-md border border-line-strong px-4 font-medium">Add</button>
      </form>
      {suggestions.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-muted">Suggested</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {suggestions.map((name) => (
              <li key={name}>
                <button type="button" onClick={(event) => void save([...names, name], `Tagged ${name}.`, event)} className={`${chipClass} px-3 hover:bg-surface`}>
                  <span aria-hidden>+</span> {name}<span className="sr-only"> (add this tag)</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
