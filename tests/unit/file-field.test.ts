import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/ui/file-field';

describe('file sizes as the file control shows them', () => {
  it('counts bytes, then KB and MB of 1024, one decimal below 10', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 - 1)).toBe('10 KB');
    expect(formatFileSize(307_200)).toBe('300 KB');
    expect(formatFileSize(1_048_575)).toBe('1 MB');
    expect(formatFileSize(1_048_576)).toBe('1 MB');
    expect(formatFileSize(1_600_000)).toBe('1.5 MB');
    expect(formatFileSize(5 * 1_048_576)).toBe('5 MB');
    expect(formatFileSize(123 * 1_048_576)).toBe('123 MB');
  });
});
