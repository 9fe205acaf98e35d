import type { Subscription } from '@/lib/client/subscription-cache';

const statuses: Record<Subscription['status'], { label: string; explanation: string; className: string }> = {
  healthy: { label: 'Healthy', explanation: 'Updates arrive normally.', className: 'text-success' },
  failing: { label: 'Failing', explanation: 'Recent updates failed; still retried, less often.', className: 'text-danger' },
  dead: { label: 'Stopped', explanation: 'Gave up after failing for a long time; saving its settings tries again.', className: 'text-danger' },
};

/** A subscription's health in words (never colour alone), with what it means. */
export function SubscriptionStatus({ status, long = false }: { status: Subscription['status']; long?: boolean }) {
  const shown = statuses[status] ?? statuses.healthy;
  return (
    <span className={`font-medium ${shown.className}`} title={shown.explanation}>
      <span aria-hidden>{status === 'healthy' ? '● ' : '▲ '}</span>
      {shown.label}
      {long && <span className="font-normal text-muted">{` — ${shown.explanation}`}</span>}
    </span>
  );
}
