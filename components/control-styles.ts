/*
 * Class names of the form controls the subscriptions, search, stories and settings pages
 * share, so every control has the same 44 px touch target, border contrast and focus ring.
 * Buttons lay out a <ButtonIcon> before their words (components/button-icon.tsx);
 * components/README.md describes the whole visual system.
 */

/** A secondary button. */
export const buttonClass = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line-strong bg-canvas px-4 font-medium text-ink hover:bg-surface aria-disabled:text-muted';
/** The main action of a form. */
export const primaryButtonClass = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-accent px-4 font-medium text-on-accent aria-disabled:opacity-70';
/** An action that removes something. */
export const dangerButtonClass = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-danger bg-canvas px-4 font-medium text-danger aria-disabled:opacity-70';
/** A quiet action inside a row. */
export const quietButtonClass = 'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink';
/** A text field or select. */
export const fieldClass = 'min-h-11 w-full rounded-md border border-line-strong bg-canvas px-3 text-ink';
/** The label above a field. */
export const labelClass = 'block text-sm font-medium';
/** A bordered section of a page. */
export const panelClass = 'rounded-lg border border-line p-4';
