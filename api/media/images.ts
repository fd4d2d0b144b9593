/**
 * Naming of stored image variants. A stored image has a key like `covers/12-3f9a.webp` (the full-size
 * WebP); its width variants sit beside it as `covers/12-3f9a-w200.webp` and `-w400.webp`.
 */
export const VARIANT_WIDTHS = [200, 400] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export function variantKey(key: string, width: VariantWidth): string {
  return key.replace(/\.webp$/, '') + `-w${width}.webp`;
}

export function allKeys(key: string): string[] {
  return [key, ...VARIANT_WIDTHS.map((width) => variantKey(key, width))];
}
