import type { ComponentProps, KeyboardEvent } from 'react';

type Props = ComponentProps<'div'> & { onCancel: () => void };

/**
 * A question asked in place ("Revoke it for good?" with Yes and Cancel). Escape answers Cancel,
 * as it would close a dialog; the caller's cancel puts focus back where the question came from.
 */
export function ConfirmGroup({ onCancel, onKeyDown, ...props }: Props) {
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return <div role="group" {...props} onKeyDown={onKey} />;
}
