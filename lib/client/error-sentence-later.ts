/**
 * errorSentence (./error-message.ts), fetched with the first failure: a list that seldom fails
 * need not carry every failure's sentence in its first load (the inbox's budget: bench/bundle-size.ts).
 */
export function errorSentenceLater(error: unknown): Promise<string> {
  return import('./error-message').then((module) => module.errorSentence(error));
}
