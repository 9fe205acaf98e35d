/** Next.js calls this once per server process at start-up. */
export async function register(): Promise<void> {
  // The Edge runtime has no SQLite or sockets; background work is Node-only.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startBackgroundWork } = await import('@/lib/service/background');
  await startBackgroundWork();
}
