/*
 * The frame of the player's icons: decorative (aria-hidden), sized by the text around them,
 * drawn in currentColor so they follow the theme and forced colours.
 */

export type IconProps = { className?: string };

/** An icon's svg around its shapes. */
export function Icon({ className = 'size-5', children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg aria-hidden focusable="false" viewBox="0 0 24 24" fill="currentColor" className={`shrink-0 ${className}`}>
      {children}
    </svg>
  );
}
