'use client';

import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { errorSentence } from '@/lib/client/error-message';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { useApplyRule, useCreateRule, useDeleteRule, useRules, useUnhideRule, useUpdateRule, type Rule } from '@/lib/client/use-rules';
import { useSourceSubscriptions } from '@/lib/client/use-sources';
import { ConfirmGroup } from '../confirm-group';
import { dangerButtonClass, panelClass, primaryButtonClass, quietButtonClass } from '../control-styles';
import { RuleForm, type RuleScope } from './rule-form';
import { actionNames, describeRule } from './rule-wording';
import { EyeIcon, PauseIcon, PencilIcon, PlayIcon, Trash2Icon, XIcon, type LucideIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Mode = 'idle' | 'editing' | 'running' | 'deleting';

/** Settings › Rules: the rules in the order they run, each to edit, run on existing items, pause or delete; then a form for a new one. */
export function RuleSettings() {
  const rules = useRules();
  const failure = useReadFailure(Boolean(rules.data), rules.error);
  const { subscriptions } = useSourceSubscriptions({ all: 'true' });
  const create = useCreateRule();
  const [status, setStatus] = useState('');
  const statusLine = useRef<HTMLParagraphElement>(null);
  const [formKey, setFormKey] = useState(0);
  const report = (message: string, focus = false) => {
    setStatus(message);
    if (focus) statusLine.current?.focus();
  };
  const scopes: RuleScope[] = subscriptions.map((subscription) => ({ id: subscription.id, title: subscription.title }));

  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void rules.mutate()} context="Your rules could not be loaded" />;
  if (!rules.data) return <p role="status" className="text-muted">Loading rules…</p>;
  return (
    <div className="mt-4">
      {failure.signedOut && <SessionEndedNotice />}
      <p ref={statusLine} tabIndex={-1} role="status" aria-live="polite" className="min-h-6 text-sm">{status}</p>
      {rules.data.length === 0 ? (
        <p className="text-muted">No rules yet: make one below.</p>
      ) : (
        <ul aria-label="Rules" className="border-t border-line">
          {rules.data.map((rule, index) => (
            <RuleRow key={rule.id} rule={rule} number={index + 1} scopes={scopes} report={report} />
          ))}
        </ul>
      )}
      <section aria-labelledby="new-rule-heading" className={`${panelClass} mt-6`}>
        <h2 id="new-rule-heading" className="mb-3 text-xl font-semibold">New rule</h2>
        <RuleForm
          key={formKey}
          subscriptions={scopes}
          submitLabel="Create rule"
          onSubmit={async (draft) => {
            const rule = await create(draft);
            setFormKey((key) => key + 1);
            report(`Created the rule: ${describeRule(rule)} It applies to items that arrive from now on.`, true);
          }}
        />
      </section>
      {failure.beside && <div className="mt-4"><ErrorNotice error={failure.beside} onRetry={() => void rules.mutate()} context="Your rules could not be brought up to date" /></div>}
    </div>
  );
}

function RuleRow({ rule, number, scopes, report }: { rule: Rule; number: number; scopes: RuleScope[]; report: (message: string, focus?: boolean) => void }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [busy, setBusy] = useState(false);
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const apply = useApplyRule();
  const unhide = useUnhideRule();
  const name = `rule ${number}`;
  const openers = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});
  const [returnTo, setReturnTo] = useState<Mode | null>(null);
  useEffect(() => {
    if (mode === 'idle' && returnTo) openers.current[returnTo]?.focus();
  }, [mode, returnTo]);
  const open = (next: Mode) => {
    setReturnTo(null);
    setMode(next);
  };
  const close = () => {
    setReturnTo(mode);
    setMode('idle');
  };
  const scope = rule.subscription_id ? scopes.find((each) => each.id === rule.subscription_id)?.title ?? 'one subscription' : 'all subscriptions';

  async function act(task: () => Promise<string>, gone = false) {
    if (busy) return;
    setBusy(true);
    try {
      const message = await task();
      if (gone) report(message, true);
      else {
        close();
        report(message);
      }
    } catch (error) {
      report(errorSentence(error));
      close();
    } finally {
      setBusy(false);
    }
  }

  const button = (next: Mode, label: string, text: string, icon: LucideIcon) => (
    <button ref={(node) => { openers.current[next] = node; }} type="button" className={quietButtonClass} aria-label={label} onClick={() => open(next)}><ButtonIcon icon={icon} />{text}</button>
  );
  return (
    <li className="border-b border-line py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-medium">Rule {number}{rule.is_active ? '' : ' (paused)'}</h2>
          <p className="break-words text-sm text-muted">{describeRule(rule)} In {scope}.</p>
        </div>
        {mode === 'idle' && (
          <div className="flex flex-wrap gap-1">
            {button('editing', `Edit ${name}`, 'Edit', PencilIcon)}
            {button('running', `Run ${name} on existing items`, 'Run on existing items', PlayIcon)}
            <button type="button" className={quietButtonClass} aria-pressed={!rule.is_active} onClick={() => void act(async () => {
              await update(rule.id, { is_active: !rule.is_active });
              return rule.is_active ? `Paused ${name}: new items pass it by.` : `Resumed ${name}.`;
            })}><ButtonIcon icon={PauseIcon} />Pause<span className="sr-only"> {name}</span></button>
            {rule.action === 'hide' && (
              <button type="button" className={quietButtonClass} onClick={() => void act(() => unhide(rule.id))}>
                <ButtonIcon icon={EyeIcon} />
                Show hidden items<span className="sr-only"> of {name}</span>
              </button>
            )}
            {button('deleting', `Delete ${name}`, 'Delete', Trash2Icon)}
          </div>
        )}
      </div>
      {mode === 'editing' && (
        <ConfirmGroup onCancel={close} aria-label={`Edit ${name}`} className="mt-3">
          <RuleForm rule={rule} subscriptions={scopes} submitLabel="Save rule" onCancel={close} onSubmit={async (draft) => {
            await update(rule.id, draft);
            close();
            report(`Saved ${name}.`);
          }} />
        </ConfirmGroup>
      )}
      {mode === 'running' && (
        <ConfirmGroup onCancel={close} aria-label={`Run ${name} on existing items?`} className="mt-2 flex flex-wrap items-center gap-2">
          <span className="text-sm">{actionNames[rule.action]} every item already here that it matches?</span>
          <button type="button" className={primaryButtonClass} aria-disabled={busy || undefined} onClick={() => void act(() => apply(rule.id))}><ButtonIcon icon={PlayIcon} />Yes, run it</button>
          <button type="button" className={quietButtonClass} autoFocus onClick={close}><ButtonIcon icon={XIcon} />Cancel</button>
        </ConfirmGroup>
      )}
      {mode === 'deleting' && (
        <ConfirmGroup onCancel={close} aria-label={`Delete ${name}?`} className="mt-2 flex flex-wrap items-center gap-2">
          <span className="text-sm">
            Delete {name}? What it already did stays done{rule.action === 'hide' ? ': the items it hid stay hidden (Show hidden items first to have them back)' : ''}.
          </span>
          <button type="button" className={dangerButtonClass} aria-disabled={busy || undefined} onClick={() => void act(() => remove(rule.id), true)}><ButtonIcon icon={Trash2Icon} />Yes, delete</button>
          <button type="button" className={quietButtonClass} autoFocus onClick={close}><ButtonIcon icon={XIcon} />Cancel</button>
        </ConfirmGroup>
      )}
    </li>
  );
}
