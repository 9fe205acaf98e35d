'use client';

import { useId, useState, type FormEvent } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import { previewRule, type Rule, type RuleDraft, type RulePreview } from '@/lib/client/use-rules';
import { buttonClass, fieldClass, labelClass, primaryButtonClass, quietButtonClass } from '../control-styles';
import { actionNames, fieldNames, matchNames, wordsOf } from './rule-wording';
import { CheckIcon, EyeIcon, XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Field = Rule['fields'][number];

/** A subscription a rule can be limited to. */
export type RuleScope = { id: string; title: string };

type Props = {
  /** The rule being edited; none for a new one. */
  rule?: Rule;
  subscriptions: RuleScope[];
  submitLabel: string;
  /** Saves the draft; resolves once done (the caller says so), rejects with the service's error. */
  onSubmit: (draft: RuleDraft) => Promise<void>;
  onCancel?: () => void;
};

type State = { scope: string; fields: Field[]; match: Rule['match']; text: string; action: Rule['action']; tag: string };

function initialState(rule?: Rule): State {
  if (!rule) return { scope: '', fields: ['title'], match: 'any_words', text: '', action: 'mark_read', tag: '' };
  return {
    scope: rule.subscription_id ?? '', fields: rule.fields, match: rule.match,
    text: rule.match === 'pattern' ? rule.pattern ?? '' : (rule.words ?? []).join(', '), action: rule.action, tag: rule.tag ?? '',
  };
}

function toDraft(state: State): RuleDraft {
  const pattern = state.match === 'pattern';
  return {
    subscription_id: state.scope || null, fields: state.fields, match: state.match,
    words: pattern ? null : wordsOf(state.text), pattern: pattern ? state.text : null,
    action: state.action, tag: state.action === 'tag' ? state.tag.trim() : null,
  };
}

/** What is missing before the service is asked, in the person's words; null when nothing is. */
function missing(state: State): string | null {
  if (!state.fields.length) return 'Choose at least one part of the item to look in.';
  if (state.match === 'pattern' ? !state.text : !wordsOf(state.text).length) return state.match === 'pattern' ? 'Write a pattern.' : 'Write at least one word.';
  if (state.action === 'tag' && !state.tag.trim()) return 'Name the tag to add.';
  return null;
}

/**
 * A rule's form: where to look, what to find, in which subscriptions, what to do; "Preview"
 * shows what it would match among the items already there before anything is saved.
 */
export function RuleForm({ rule, subscriptions, submitLabel, onSubmit, onCancel }: Props) {
  const [state, setState] = useState<State>(() => initialState(rule));
  const [problem, setProblem] = useState('');
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (change: Partial<State>) => {
    setState((current) => ({ ...current, ...change }));
    setPreview(null);
  };
  const toggleField = (field: Field, on: boolean) =>
    set({ fields: on ? [...state.fields, field].sort((a, b) => order.indexOf(a) - order.indexOf(b)) : state.fields.filter((each) => each !== field) });

  async function run(task: (draft: RuleDraft) => Promise<void>) {
    if (busy) return;
    const gap = missing(state);
    setProblem(gap ?? '');
    if (gap) return;
    setBusy(true);
    try {
      await task(toDraft(state));
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(onSubmit);
  };
  const pattern = state.match === 'pattern';

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset>
        <legend className={labelClass}>Look in</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {order.map((field) => (
            <label key={field} className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" checked={state.fields.includes(field)} onChange={(event) => toggleField(field, event.target.checked)} className="size-5 accent-accent" />
              {fieldNames[field]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-match`} className={labelClass}>Match</label>
        <select id={`${id}-match`} className={`${fieldClass} mt-1`} value={state.match} onChange={(event) => set({ match: event.target.value as State['match'] })}>
          {Object.entries(matchNames).map(([value, name]) => <option key={value} value={value}>{name}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>{pattern ? 'Pattern' : 'Words'}</label>
        <input
          id={`${id}-text`} value={state.text} onChange={(event) => set({ text: event.target.value })} autoComplete="off" spellCheck={false}
          aria-describedby={`${id}-text-hint`} className={`${fieldClass} mt-1 ${pattern ? 'font-mono' : ''}`} maxLength={pattern ? 500 : 2000}
        />
        <p id={`${id}-text-hint`} className="mt-1 text-sm text-muted">
          {pattern
            ? 'A regular expression, case-insensitive, for example ^sponsored or rust\\s+1\\.\\d+. Backreferences and lookarounds are refused: they could make matching slow.'
            : 'Separate words or phrases with commas. Case does not matter; whole words only (“art” does not match “party”).'}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-scope`} className={labelClass}>In</label>
        <select id={`${id}-scope`} className={`${fieldClass} mt-1`} value={state.scope} onChange={(event) => set({ scope: event.target.value })}>
          <option value="">All subscriptions</option>
          {subscriptions.map((subscription) => <option key={subscription.id} value={subscription.id}>{subscription.title}</option>)}
        </select>
      </div>
      <div className="flex flex-wrap gap-4">
        <div className="min-w-40 flex-1">
          <label htmlFor={`${id}-action`} className={labelClass}>Then</label>
          <select id={`${id}-action`} className={`${fieldClass} mt-1`} value={state.action} onChange={(event) => set({ action: event.target.value as State['action'] })}>
            {Object.entries(actionNames).map(([value, name]) => <option key={value} value={value}>{name}</option>)}
          </select>
          {state.action === 'hide' && <p className="mt-1 text-sm text-muted">Hidden items stay out of every list and count; search still finds them. Saved items are never hidden.</p>}
        </div>
        {state.action === 'tag' && (
          <div className="min-w-40 flex-1">
            <label htmlFor={`${id}-tag`} className={labelClass}>Tag</label>
            <input id={`${id}-tag`} value={state.tag} onChange={(event) => set({ tag: event.target.value })} maxLength={64} autoComplete="off" className={`${fieldClass} mt-1`} />
          </div>
        )}
      </div>
      <p role="alert" className="min-h-6 text-sm text-danger">{problem}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} aria-disabled={busy || undefined} onClick={() => void run(async (draft) => setPreview(await previewRule(draft)))}><ButtonIcon icon={EyeIcon} />Preview</button>
        <button type="submit" className={primaryButtonClass} aria-disabled={busy || undefined}><ButtonIcon icon={CheckIcon} />{submitLabel}</button>
        {onCancel && <button type="button" className={quietButtonClass} onClick={onCancel}><ButtonIcon icon={XIcon} />Cancel</button>}
      </div>
      <div role="status" aria-live="polite">{preview && <PreviewResult preview={preview} />}</div>
    </form>
  );
}

const order: Field[] = ['title', 'content', 'author', 'link', 'tags'];

function PreviewResult({ preview }: { preview: RulePreview }) {
  const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
  return (
    <div className="rounded-md border border-line p-3 text-sm">
      <p className="font-medium">
        {preview.match_count === 0
          ? 'It matches none of your items now.'
          : `It matches ${items(preview.match_count)} now; running it would change ${items(preview.change_count)}.`}
      </p>
      {preview.items.length > 0 && (
        <ul aria-label="Newest matches" className="mt-2 list-disc pl-5">
          {preview.items.map((item) => <li key={item.id}>{item.title || 'Untitled'} <span className="text-muted">· {item.feed_title}</span></li>)}
        </ul>
      )}
    </div>
  );
}
