import { episodeAudio } from '@/lib/server/episode-audio';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ id: string }> };

/** An episode's audio from this origin (lib/server/episode-audio.ts), so it can be kept for offline listening. */
export async function GET(request: Request, context: Context): Promise<Response> {
  return episodeAudio(request, (await context.params).id);
}
