import { revokeLink } from '@/lib/server/share-link-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ id: string }> };

/** Revokes one of the person's share links. */
export async function DELETE(request: Request, context: Context): Promise<Response> {
  return revokeLink(request, (await context.params).id);
}
