import { SlidersHorizontalIcon } from 'lucide-react';
import { ButtonIcon } from './button-icon';

type Props = {
  open: boolean;
  onToggle: () => void;
  /** The id of the panel it folds. */
  controls: string;
  /** How many of the panel's choices differ from their defaults, shown while folded or not. */
  inUse: number;
  className?: string;
};

/** The phone's button that folds a page's less used choices away (hidden from sm up, where they show). */
export function OptionsButton({ open, onToggle, controls, inUse, className = '' }: Props) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-md border border-line-strong px-3 text-sm font-medium sm:hidden ${className}`}
    >
      <ButtonIcon icon={SlidersHorizontalIcon} />
      Options
      {/* A badge to the eye, spelled out for a screen reader; the name holds what is seen, as it must. */}
      {inUse > 0 && <span className="rounded-full bg-accent px-1.5 text-xs text-on-accent">{inUse}<span className="sr-only"> in use</span></span>}
    </button>
  );
}
