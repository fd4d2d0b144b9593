const loading = new Map<string, Promise<void>>();

/**
 * Loads a third-party script once per page (Cloudflare Turnstile, Google Identity Services), only when a
 * page actually shows it. A failed load is forgotten, so a retry adds the script again.
 */
export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve(), { once: true });
      script.addEventListener(
        'error',
        () => {
          loading.delete(src);
          script.remove();
          reject(new Error(`Could not load ${src}`));
        },
        { once: true },
      );
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
