import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { TurnstileCaptcha } from '../../api/accounts/captcha/turnstile';

const silent = Fastify({ logger: false }).log;

/** Stands in for Cloudflare's siteverify (unreachable from tests), recording what it was sent. */
function fakeSiteverify(answer: () => Response | Promise<Response>) {
  const calls: Array<{ url: string; form: URLSearchParams }> = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), form: new URLSearchParams(String(init?.body)) });
    return answer();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('TurnstileCaptcha', () => {
  it('sends the secret, token and client IP to siteverify and trusts only success: true', async () => {
    const pass = fakeSiteverify(() => Response.json({ success: true, 'error-codes': [] }));
    expect(
      await new TurnstileCaptcha('secret-key', silent, pass.fetchImpl).verify('token-1', '203.0.113.7'),
    ).toBe(true);
    expect(pass.calls).toHaveLength(1);
    expect(pass.calls[0]!.url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(Object.fromEntries(pass.calls[0]!.form)).toEqual({
      secret: 'secret-key',
      response: 'token-1',
      remoteip: '203.0.113.7',
    });

    const refuse = fakeSiteverify(() =>
      Response.json({ success: false, 'error-codes': ['timeout-or-duplicate'] }),
    );
    expect(await new TurnstileCaptcha('secret-key', silent, refuse.fetchImpl).verify('token-1', '::1')).toBe(
      false,
    );
  });

  it('fails closed on errors, odd answers and unusable tokens without asking', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () => new Response('bad gateway', { status: 502 }),
      () => new Response('<html>challenge</html>', { status: 200 }),
      () => Response.json({ success: 'yes' }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    for (const answer of answers) {
      const { fetchImpl } = fakeSiteverify(answer);
      expect(await new TurnstileCaptcha('secret-key', silent, fetchImpl).verify('token', '::1')).toBe(false);
    }
    const untouched = fakeSiteverify(() => Response.json({ success: true }));
    const captcha = new TurnstileCaptcha('secret-key', silent, untouched.fetchImpl);
    expect(await captcha.verify(undefined, '::1')).toBe(false);
    expect(await captcha.verify('', '::1')).toBe(false);
    expect(await captcha.verify('x'.repeat(2049), '::1')).toBe(false);
    expect(untouched.calls).toHaveLength(0);
  });
});
