import type { Plan } from '@/lib/contract/common';

export type Feature = 'notes' | 'full_content' | 'similar_items' | 'stories' | 'read_later' | 'include_global';

type PlanRules = { feeds: number | null; savedItems: number | null; features: Set<Feature> };

const paid: Feature[] = ['notes', 'full_content', 'similar_items', 'stories', 'read_later'];

/** DESIGN.md's plan table: limits (null = unlimited) and features. */
export const plans: Record<Plan, PlanRules> = {
  free: { feeds: 50, savedItems: 100, features: new Set() },
  pro: { feeds: 1000, savedItems: 10000, features: new Set(paid) },
  plus: { feeds: 5000, savedItems: null, features: new Set([...paid, 'include_global']) },
};

const featureNames: Record<Feature, string> = {
  notes: 'Notes',
  full_content: 'Full content',
  similar_items: 'Similar items',
  stories: 'Stories',
  read_later: 'Read-later services',
  include_global: 'Searching the global corpus',
};

/** Whether a plan includes a feature. */
export function planHas(plan: Plan, feature: Feature): boolean {
  return plans[plan].features.has(feature);
}

/** The sentence a 402 gives when a plan lacks a feature. */
export function featureMissingMessage(plan: Plan, feature: Feature): string {
  const needs = feature === 'include_global' ? 'the Plus plan' : 'the Pro or Plus plan';
  return `${featureNames[feature]} need${feature === 'notes' ? '' : 's'} ${needs}; this account is on the ${capitalize(plan)} plan.`;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
