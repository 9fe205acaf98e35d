/*
 * Play and pause, apart from the player's other icons: the inbox's episode rows load with the page
 * and need only these two.
 */
import { Icon, type IconProps } from './player-icon';

/** A triangle pointing right. */
export function PlayIcon(props: IconProps) {
  return <Icon {...props}><path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" /></Icon>;
}

/** Two bars. */
export function PauseIcon(props: IconProps) {
  return <Icon {...props}><rect x="6" y="5" width="4" height="14" rx="1" /><rect x="14" y="5" width="4" height="14" rx="1" /></Icon>;
}
