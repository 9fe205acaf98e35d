import { callApi } from '@/lib/client/api-client';

/** The speeds the control offers; the service accepts 0.5 to 3. */
export const playbackSpeeds = [0.5, 0.75, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

/** A speed the service accepts, from whatever was stored (unknown or out of range means normal speed). */
export function validSpeed(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0.5 && value <= 3 ? value : 1;
}

/** The subscription's playback_speed (normal speed when it has none); null when it cannot be read just now. */
export async function subscriptionSpeed(subscriptionId: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const subscription = await callApi('GET', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: subscriptionId }, signal });
    return validSpeed(subscription.playback_speed);
  } catch {
    return null;
  }
}

/** Stores a speed chosen in the player on the subscription, so its other episodes (and devices) use it. */
export async function rememberSubscriptionSpeed(subscriptionId: string, speed: number): Promise<void> {
  await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: subscriptionId }, body: { playback_speed: speed } });
}
