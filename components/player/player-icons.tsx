/* The player's other icons (play and pause are in ./play-icons), on the frame of ./player-icon. */
import { Icon, type IconProps } from './player-icon';

function Circle({ back }: { back: boolean }) {
  return (
    <path
      fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round"
      d={back ? 'M5.2 8.5A8 8 0 1 1 4 12.5M5.2 8.5V4.5M5.2 8.5h4' : 'M18.8 8.5A8 8 0 1 0 20 12.5M18.8 8.5V4.5M18.8 8.5h-4'}
    />
  );
}

/** A circular arrow back with the seconds inside. */
export function SkipBackIcon({ seconds, ...props }: IconProps & { seconds: number }) {
  return <Icon {...props}><Circle back /><text x="12.5" y="15.5" textAnchor="middle" fontSize="7.5" fontWeight="700">{seconds}</text></Icon>;
}

/** A circular arrow forward with the seconds inside. */
export function SkipForwardIcon({ seconds, ...props }: IconProps & { seconds: number }) {
  return <Icon {...props}><Circle back={false} /><text x="11.5" y="15.5" textAnchor="middle" fontSize="7.5" fontWeight="700">{seconds}</text></Icon>;
}

/** A cross. */
export function CloseIcon(props: IconProps) {
  return <Icon {...props}><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></Icon>;
}

/** A chevron pointing up (open the full player) or down (close it). */
export function ChevronIcon({ up, ...props }: IconProps & { up: boolean }) {
  return <Icon {...props}><path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></Icon>;
}

/** An arrow down onto a line (download). */
export function DownloadIcon(props: IconProps) {
  return <Icon {...props}><path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></Icon>;
}

/** A tick in a circle (downloaded). */
export function DownloadedIcon(props: IconProps) {
  return <Icon {...props}><circle cx="12" cy="12" r="9" /><path d="M8 12.2l2.7 2.7L16 9.6" fill="none" stroke="var(--canvas)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></Icon>;
}
