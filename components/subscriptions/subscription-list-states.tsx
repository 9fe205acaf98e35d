import { buttonClass } from '../control-styles';
import { XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** No subscription at all, or none in the chosen folder and kind. */
export function EmptyList({ filtered }: { filtered: boolean }) {
  return (
    <div className="mt-4 rounded-lg border border-dashed border-line-strong px-4 py-8 text-center">
      <p className="text-lg font-semibold">{filtered ? 'Nothing here' : 'No subscriptions yet'}</p>
      <p className="mx-auto mt-1 max-w-md text-muted">
        {filtered
          ? 'No subscription matches this folder and kind. Choose another above.'
          : 'Paste the address of a blog, news site or podcast above to start reading it here.'}
      </p>
    </div>
  );
}

type NoMatchesProps = {
  nameFilter: string;
  /** Whether part of the list is not loaded yet, so a match may still be there. */
  partial: boolean;
  onClear: () => void;
};

/** A name filter that leaves nothing, with the way back to the whole list. */
export function NoMatches({ nameFilter, partial, onClear }: NoMatchesProps) {
  return (
    <div className="mt-4 rounded-lg border border-dashed border-line-strong px-4 py-8 text-center">
      <p className="text-lg font-semibold">No subscriptions match “{nameFilter}”</p>
      <p className="mx-auto mt-1 max-w-md text-muted">
        {partial ? 'Only part of the list is loaded: look through more below, or clear' : 'Check the spelling, or clear'} the filter to see every subscription.
      </p>
      <button type="button" onClick={onClear} className={`${buttonClass} mt-3`}><ButtonIcon icon={XIcon} />Clear the filter</button>
    </div>
  );
}
