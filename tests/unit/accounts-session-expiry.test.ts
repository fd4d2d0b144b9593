import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_TIMER_DELAY_MS,
  SESSION_EXPIRY_LEAD_MS,
  createExpiryTimer,
  msUntilSessionExpiry,
  tokenExpiresAt,
} from '../../src/features/accounts/session-expiry';

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** An unsigned JWT-shaped token: the client reads `exp` and never checks the signature. */
function tokenWith(payload: object): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.sig`;
}

describe('tokenExpiresAt', () => {
  it('reads exp in seconds as epoch milliseconds', () => {
    expect(tokenExpiresAt(tokenWith({ sub: '1', exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('decodes base64url payloads with non-ASCII text and no padding', () => {
    const token = tokenWith({ username: 'ñandú_漫画', exp: 2_000_000_001 });
    expect(token.split('.')[1]).not.toContain('=');
    expect(tokenExpiresAt(token)).toBe(2_000_000_001_000);
  });

  it('is null for anything that is not a JWT with a numeric exp', () => {
    for (const token of [
      null,
      undefined,
      '',
      'not-a-jwt',
      'a.b.c',
      `x.${base64Url('[1,2]')}.y`,
      `x.${base64Url('null')}.y`,
      tokenWith({ sub: '1' }),
      tokenWith({ exp: '1700000000' }),
    ]) {
      expect(tokenExpiresAt(token)).toBeNull();
    }
  });
});

describe('msUntilSessionExpiry', () => {
  it('ends the session 30 seconds before the token expires', () => {
    expect(SESSION_EXPIRY_LEAD_MS).toBe(30_000);
    expect(msUntilSessionExpiry(100_000, 0)).toBe(70_000);
    expect(msUntilSessionExpiry(100_000, 70_000)).toBe(0);
    expect(msUntilSessionExpiry(100_000, 90_000)).toBeLessThan(0);
  });
});

describe('createExpiryTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const expiringIn = (ms: number) => tokenWith({ exp: Math.floor((Date.now() + ms) / 1000) });

  it('fires once, 30 s before expiry', () => {
    const onExpire = vi.fn();
    const timer = createExpiryTimer(onExpire);
    timer.watch(expiringIn(90_000));
    vi.advanceTimersByTime(59_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('fires at once for a token already inside the lead time', () => {
    const onExpire = vi.fn();
    createExpiryTimer(onExpire).watch(expiringIn(29_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('stops when the session goes, and follows a new token', () => {
    const onExpire = vi.fn();
    const timer = createExpiryTimer(onExpire);
    timer.watch(expiringIn(60_000));
    timer.watch(null);
    vi.advanceTimersByTime(60_000);
    expect(onExpire).not.toHaveBeenCalled();

    timer.watch(expiringIn(600_000));
    timer.watch(expiringIn(40_000));
    vi.advanceTimersByTime(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('does not time tokens without exp', () => {
    const onExpire = vi.fn();
    createExpiryTimer(onExpire).watch('opaque-token');
    vi.advanceTimersByTime(10 * 86_400_000);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('chains waits longer than setTimeout can hold (tokens of up to 90 days)', () => {
    const onExpire = vi.fn();
    const delays: number[] = [];
    let now = Date.now();
    const pending: { callback: () => void; at: number }[] = [];
    const timer = createExpiryTimer(onExpire, {
      now: () => now,
      setTimer: (callback, delay) => {
        delays.push(delay);
        pending.push({ callback, at: now + delay });
        return pending.length;
      },
      clearTimer: () => {},
    });
    const lifetime = 90 * 86_400_000;
    timer.watch(tokenWith({ exp: Math.floor((now + lifetime) / 1000) }));
    while (!onExpire.mock.calls.length && pending.length) {
      const next = pending.shift()!;
      now = next.at;
      next.callback();
    }
    expect(delays.every((delay) => delay <= MAX_TIMER_DELAY_MS)).toBe(true);
    expect(delays.length).toBeGreaterThan(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(now).toBe(Math.floor((Date.now() + lifetime) / 1000) * 1000 - SESSION_EXPIRY_LEAD_MS);
  });

  it('catches up on check() when a throttled timer has not fired', () => {
    const onExpire = vi.fn();
    let now = Date.now();
    const timer = createExpiryTimer(onExpire, {
      now: () => now,
      // A background tab whose timer never fires.
      setTimer: () => 1,
      clearTimer: () => {},
    });
    timer.watch(tokenWith({ exp: Math.floor((now + 120_000) / 1000) }));
    now += 95_000;
    timer.check();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
