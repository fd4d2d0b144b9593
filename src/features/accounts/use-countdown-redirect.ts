import { useEffect, useState } from 'react';

/**
 * Goes to `href` after `seconds` (nothing while `seconds` is null) and returns the whole seconds left, for
 * a visible countdown next to a link that goes there at once.
 */
export function useCountdownRedirect(seconds: number | null, href: string): number | null {
  const [elapsed, setElapsed] = useState({ for: seconds, seconds: 0 });

  useEffect(() => {
    if (seconds === null) return;
    const startedAt = Date.now();
    const redirect = setTimeout(() => window.location.assign(href), seconds * 1000);
    const tick = setInterval(
      () => setElapsed({ for: seconds, seconds: Math.floor((Date.now() - startedAt) / 1000) }),
      1000,
    );
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [seconds, href]);

  if (seconds === null) return null;
  return Math.max(0, seconds - (elapsed.for === seconds ? elapsed.seconds : 0));
}
