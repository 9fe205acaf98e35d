'use client';

import { useState } from 'react';
import { copyText } from '@/lib/client/clipboard';
import { buttonClass } from './control-styles';
import { CopyIcon } from 'lucide-react';
import { ButtonIcon } from './button-icon';

type Props = {
  text: string;
  /** What is copied, for the button's accessible name: "Copy the newsletter address". */
  label: string;
  /** The field holding the text, selected when copying is not possible so the person can copy it by hand. */
  fallbackField?: () => HTMLInputElement | HTMLTextAreaElement | null;
};

/** A Copy button that says, in a live region, whether it worked and what to do if not. */
export function CopyButton({ text, label, fallbackField }: Props) {
  const [result, setResult] = useState('');
  async function copy() {
    const copied = await copyText(text);
    if (copied) {
      setResult('Copied.');
      return;
    }
    const field = fallbackField?.();
    field?.focus();
    field?.select();
    setResult('Copying is not allowed here: the text is selected, copy it with your keyboard or menu.');
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={buttonClass} aria-label={label} onClick={() => void copy()}><ButtonIcon icon={CopyIcon} />Copy</button>
      <span role="status" className="text-sm text-muted">{result}</span>
    </span>
  );
}
