import { useEffect, useEffectEvent, type RefObject } from 'react';

/** While `active`, a pointer pressed outside `root` calls `onOutside` (closing what the editor opened). */
export function useOutsidePointer(
  root: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  const outside = useEffectEvent(onOutside);
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) outside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [active, root]);
}
