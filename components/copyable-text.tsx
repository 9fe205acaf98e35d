import type { Ref } from 'react';
import { fieldClass } from './control-styles';

type Props = { id: string; value: string; ref?: Ref<HTMLTextAreaElement> };

/**
 * A value to copy (a newsletter address, a new key), shown whole and selected on focus: it
 * wraps on a narrow screen, where a one-line field hid its end.
 */
export function CopyableText({ id, value, ref }: Props) {
  return (
    <textarea
      ref={ref}
      id={id}
      readOnly
      rows={2}
      spellCheck={false}
      value={value}
      onFocus={(event) => event.target.select()}
      className={`${fieldClass} resize-none break-all py-2 font-mono [field-sizing:content] sm:flex-1`}
    />
  );
}
