import { extractiveSummary } from '../../intelligence';
import { splitSentences } from '../../intelligence/text';
import { fetchGuarded, originOf } from '../../ingest/guarded-fetch';
import { toPlainText } from '../../ingest/sanitize';
import type { ServiceContext } from '../../context';

const timeoutMs = 20_000;
const maxInputChars = 12_000;
/** Fewer sentences than this are not summarized: a two- or three-sentence summary would be the text again. */
const minSentences = 4;

/** Asks an OpenAI-compatible chat endpoint for a two- or three-sentence summary; null when it gives none. */
async function generatedSummary(service: ServiceContext, title: string, text: string): Promise<string | null> {
  const endpoint = service.config.summaryEndpoint;
  if (!endpoint) return null;
  try {
    // The operator's endpoint may be private; a redirect elsewhere is judged like any address.
    const response = await fetchGuarded(`${endpoint.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) },
      body: JSON.stringify({
        model: endpoint.model,
        temperature: 0.2,
        messages: [
          { role: 'system', content: 'Summarize the article in two or three plain sentences. Answer with the summary only.' },
          { role: 'user', content: `${title}\n\n${text.slice(0, maxInputChars)}` },
        ],
      }),
      allowPrivate: service.config.allowPrivateUrls,
      trustedOrigin: originOf(endpoint.url),
      timeoutMs,
    });
    if (!response.ok) return null;
    const body = await response.json() as { choices?: { message?: { content?: string } }[] };
    return body.choices?.[0]?.message?.content?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Makes an article's summary on its first read and keeps it: from the operator's model when one
 * is configured, else (or when it fails) extractive. A busy store only skips keeping it.
 */
export async function ensureSummary(service: ServiceContext, itemId: string): Promise<void> {
  const row = await service.store.articles.summarySource(itemId);
  if (!row) return;
  const html = row.content || row.summary || '';
  const text = toPlainText(html);
  // A text of a few sentences is its own summary: a box repeating it says nothing (a short mail).
  const worthSummarizing = splitSentences(text).length >= minSentences;
  const summary = worthSummarizing ? (await generatedSummary(service, row.title, text)) ?? extractiveSummary(row.title, html) : '';
  await service.store.articles.keepSummary(itemId, summary);
}
