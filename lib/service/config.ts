import path from 'node:path';

/** Settings of the embedded service, read from the environment once per call. */
export function serviceConfig() {
  const env = process.env;
  return {
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.TIDINGS_DATA_DIR || './data'),
    ownerEmail: env.TIDINGS_OWNER_EMAIL || 'owner@tidings.local',
    /** Requests a minute per API key (SPEC.md: 120). */
    apiKeyRateLimit: positiveInt(env.TIDINGS_RATE_LIMIT, 120),
    /** Requests a minute per first-party app token: the app prefetches, so it gets more room. */
    appTokenRateLimit: positiveInt(env.TIDINGS_APP_RATE_LIMIT, 1200),
    /** Seconds both limits count requests over (SPEC.md: a minute); shorter lets tests wait out a 429 sooner. */
    rateLimitWindowSeconds: positiveInt(env.TIDINGS_RATE_LIMIT_WINDOW, 60),
    allowPrivateUrls: env.TIDINGS_ALLOW_PRIVATE_URLS === '1',
    mailDomain: env.TIDINGS_MAIL_DOMAIN || 'mail.tidings.local',
    /** Shared secret of the HTTP inbound-mail endpoint; unset disables it. */
    mailSecret: env.TIDINGS_MAIL_SECRET || null,
    /** Where each read-later service's API lives (tests stand in local servers). */
    readLaterBaseUrls: {
      instapaper: env.TIDINGS_INSTAPAPER_URL || 'https://www.instapaper.com',
      readwise: env.TIDINGS_READWISE_URL || 'https://readwise.io',
      raindrop: env.TIDINGS_RAINDROP_URL || 'https://api.raindrop.io',
      wallabag: env.TIDINGS_WALLABAG_URL || 'https://app.wallabag.it',
    },
    /** An OpenAI-compatible endpoint for item summaries; unset means extractive summaries only. */
    summaryEndpoint: env.TIDINGS_SUMMARY_API_URL
      ? { url: env.TIDINGS_SUMMARY_API_URL, key: env.TIDINGS_SUMMARY_API_KEY || null, model: env.TIDINGS_SUMMARY_MODEL || 'gpt-4o-mini' }
      : null,
    /** Shortest and longest minutes between two fetches of a working feed; each feed is paced between them by how often it publishes. */
    refreshMinMinutes: positiveInt(env.TIDINGS_REFRESH_MIN_INTERVAL, 10),
    refreshMaxMinutes: positiveInt(env.TIDINGS_REFRESH_MAX_INTERVAL, 1440),
    /** Port of the SMTP listener for newsletters; 0 disables it. */
    smtpPort: env.TIDINGS_SMTP_PORT === undefined ? 2525 : Number(env.TIDINGS_SMTP_PORT),
  };
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
