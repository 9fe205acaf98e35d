import type { MissingTarget } from '../../store/items';
import { notFound } from '../errors';

export type { ItemFilter } from '../../store/items';

/** The 404 for a filter that names a subscription, folder or tag the user does not have. */
export function missingTargetError(target: MissingTarget): Error {
  return notFound(`No ${target.missing} with id ${target.id} exists.`);
}

/** Milliseconds at the start of a calendar day in UTC. */
export function startOfDayMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Milliseconds at the last moment of a calendar day in UTC. */
export function endOfDayMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) + 86_400_000 - 1;
}
