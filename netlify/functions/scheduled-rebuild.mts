import type { Config } from '@netlify/functions';

/**
 * Keeps the pre-rendered pages fresh: on a schedule, asks Netlify to rebuild the site through a build hook
 * (Site settings → Build hooks; its URL goes into the BUILD_HOOK_URL environment variable).
 */
export default async function scheduledRebuild(): Promise<Response> {
  const hook = process.env.BUILD_HOOK_URL;
  if (!hook) {
    console.error('BUILD_HOOK_URL is not set; skipping the scheduled rebuild');
    return new Response('BUILD_HOOK_URL is not set', { status: 500 });
  }
  const response = await fetch(hook, { method: 'POST', body: '{}', signal: AbortSignal.timeout(10_000) });
  console.log(`build hook answered ${response.status}`);
  return new Response(null, { status: response.ok ? 204 : 502 });
}

export const config: Config = { schedule: '@hourly' };
