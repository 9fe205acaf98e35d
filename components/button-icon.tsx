import type { LucideIcon } from 'lucide-react';

type Props = {
  /** A lucide icon, imported by name so only the icons used reach the bundle. */
  icon: LucideIcon;
  className?: string;
};

/**
 * The icon before a button's or link's words. Hidden from assistive technology, so the control's
 * accessible name stays its words; the button classes lay it out (inline-flex, gap-2).
 */
export function ButtonIcon({ icon: Icon, className = '' }: Props) {
  return <Icon aria-hidden="true" focusable="false" className={`size-4 shrink-0 ${className}`} strokeWidth={2} />;
}
