'use client';

import { useId } from 'react';

type Props<T extends string> = {
  legend: string;
  /** A sentence under the legend saying what the choice changes. */
  hint?: string;
  value: T;
  choices: { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** One setting as a group of radio buttons: a fieldset whose legend names it; arrow keys move between choices. */
export function ChoiceGroup<T extends string>({ legend, hint, value, choices, onChange }: Props<T>) {
  const name = useId();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="font-medium">{legend}</legend>
      {hint && <p id={hintId} className="text-sm text-muted">{hint}</p>}
      <div className="mt-1 flex flex-wrap gap-x-5">
        {choices.map((choice) => (
          <label key={choice.value} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="size-5 shrink-0 accent-accent"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
