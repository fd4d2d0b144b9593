import { describe, expect, it } from 'vitest';
import { answerCache, loadAnswer } from '../../api/cache/answers';

function counter<T>(value: (call: number) => T) {
  let calls = 0;
  const read = async () => ({ body: value(++calls), total: calls });
  return { read, calls: () => calls };
}

describe('public answers on the one cache', () => {
  it('serializes an answer once, with its ETag and total, and shares one read between identical requests', async () => {
    const answers = answerCache(5000);
    const source = counter((call) => [`answer ${call}`]);
    const [first, second] = await Promise.all([
      loadAnswer(answers, 'k', source.read),
      loadAnswer(answers, 'k', source.read),
    ]);
    expect(source.calls()).toBe(1);
    expect(second).toBe(first);
    expect(first.body).toBe('["answer 1"]');
    expect(first.etag).toMatch(/^".+"$/);
    expect(first.total).toBe(1);
    expect(await loadAnswer(answers, 'k', source.read)).toBe(first);
    expect(source.calls()).toBe(1);
  });

  it('drops every answer when forgotten, and does not keep one whose read was still running', async () => {
    const answers = answerCache(5000);
    let release!: () => void;
    const slow = loadAnswer(
      answers,
      'k',
      () => new Promise((resolve) => (release = () => resolve({ body: 'old' }))),
    );
    answers.forget(null);
    release();
    expect((await slow).body).toBe('"old"');
    expect((await loadAnswer(answers, 'k', async () => ({ body: 'new' }))).body).toBe('"new"');
  });

  it('forgets a failed read, so the next request tries again', async () => {
    const answers = answerCache(5000);
    await expect(loadAnswer(answers, 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'down',
    );
    expect((await loadAnswer(answers, 'k', async () => ({ body: 'back' }))).body).toBe('"back"');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const answers = answerCache(0);
    const source = counter((call) => call);
    await loadAnswer(answers, 'k', source.read);
    await loadAnswer(answers, 'k', source.read);
    expect(source.calls()).toBe(2);
  });

  it('keeps at most 500 answers and 16 MB of bodies, the least recently used leaving first', async () => {
    const answers = answerCache(5000);
    for (let n = 0; n <= 500; n++) await loadAnswer(answers, `k${n}`, async () => ({ body: n }));
    expect(answers.get('k0')).toBeUndefined();
    expect(answers.get('k1')).toBeDefined();

    await loadAnswer(answers, 'huge', async () => ({ body: 'y'.repeat(16 * 1024 * 1024 - 2) }));
    expect(answers.get('huge')).toBeDefined();
    expect(answers.size).toBe(1);
  });
});
