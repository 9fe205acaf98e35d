import { feedIcon } from '@/lib/server/feed-icons';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ id: string }> };

/** A feed's icon from this origin (lib/server/feed-icons.ts). */
export async function GET(request: Request, context: Context): Promise<Response> {
  return feedIcon(request, (await context.params).id);
}
