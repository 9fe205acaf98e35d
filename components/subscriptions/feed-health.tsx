'use client';

import { useRef, useState } from 'react';
import { RelativeTime } from '@/components/relative-time';
import { errorSentence } from '@/lib/client/error-message';
import { tryNowRefusal, useSubscriptionHealth, useTryNow, type SubscriptionHealth } from '@/lib/client/use-feed-health';
import { buttonClass } from '../control-styles';
import { RefreshCwIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** Presses "Try now" and words what came of it for a status line. */
function useTryNowButton(id: string, onRecovered?: () => void) {
  const tryNow = useTryNow();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');
  async function press() {
    if (busy) return;
    setBusy(true);
    setOutcome('Fetching the feed…');
    try {
      const health = await tryNow(id);
      setOutcome(health.status === 'healthy' ? 'The feed answered: it works again.' : `Still failing: ${health.last_error ?? 'the feed could not be fetched.'}`);
      if (health.status === 'healthy') onRecovered?.();
    } catch (error) {
      setOutcome(tryNowRefusal(error) ?? errorSentence(error));
    } finally {
      setBusy(false);
    }
  }
  return { busy, outcome, press };
}

/** When the feed was last tried and will be tried next, as a sentence's parts. */
function Tries({ health }: { health: SubscriptionHealth }) {
  return (
    <>
      {health.last_tried_at && <>Last tried <RelativeTime timestamp={health.last_tried_at} />. </>}
      {health.next_try_at
        ? <>Next try <RelativeTime timestamp={health.next_try_at} />.</>
        : health.status === 'dead' && 'No more tries until you try now or save its settings.'}
    </>
  );
}

/**
 * A subscription's feed health on its page: for a failing feed, what went wrong in one sentence,
 * when it was last and will next be tried, and "Try now"; for a healthy one, when it was checked.
 */
export function FeedHealth({ id }: { id: string }) {
  const { data: health } = useSubscriptionHealth(id);
  const status = useRef<HTMLParagraphElement>(null);
  // The button goes with the failure: focus moves to what happened rather than to the page's start.
  const button = useTryNowButton(id, () => status.current?.focus());
  if (!health) return null;
  const failing = health.status !== 'healthy';
  return (
    <section aria-labelledby="feed-health-heading" className={failing ? 'mt-3 rounded-lg border border-danger p-3' : 'mt-3'}>
      <h2 id="feed-health-heading" className={failing ? 'font-semibold' : 'sr-only'}>{failing ? 'What is wrong' : 'Fetching'}</h2>
      {failing && health.last_error && <p className="mt-1">{health.last_error}</p>}
      <p className="mt-1 text-sm text-muted"><Tries health={health} /></p>
      {failing && (
        <button type="button" className={`${buttonClass} mt-2`} aria-disabled={button.busy} onClick={() => void button.press()}><ButtonIcon icon={RefreshCwIcon} />Try now</button>
      )}
      <p ref={status} tabIndex={-1} role="status" className="mt-1 min-h-5 text-sm">{button.outcome}</p>
    </section>
  );
}

/** The compact form for a row of the subscriptions list: the error in one line and a small "Try now". */
export function FeedHealthLine({ id, title, health }: { id: string; title: string; health: SubscriptionHealth }) {
  const button = useTryNowButton(id);
  return (
    // Above the row's stretched link, so the button is pressed rather than the details opened.
    <div className="relative z-10 mt-1 flex flex-wrap items-center gap-x-2 text-sm">
      {health.last_error && <p className="min-w-0 text-danger">{health.last_error}</p>}
      <p className="text-muted"><Tries health={health} /></p>
      <button type="button" className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-medium text-accent underline hover:bg-surface" aria-disabled={button.busy}
        aria-label={`Try ${title} now`} onClick={() => void button.press()}><ButtonIcon icon={RefreshCwIcon} />Try now</button>
      <p role="status" className="w-full">{button.outcome}</p>
    </div>
  );
}
