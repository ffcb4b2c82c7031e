import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";

/** Call `onOutside` when a pointer goes down outside every given element, while `active`. */
export function useOutsideClick(
  refs: readonly RefObject<HTMLElement | null>[],
  onOutside: () => void,
  active = true,
): void {
  const latest = useRef({ refs, onOutside });
  useLayoutEffect(() => {
    latest.current = { refs, onOutside };
  });

  useEffect(() => {
    if (!active) return;
    const handler = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      const inside = latest.current.refs.some((ref) => ref.current?.contains(target));
      if (!inside) latest.current.onOutside();
    };
    document.addEventListener("pointerdown", handler);
    return () => document.removeEventListener("pointerdown", handler);
  }, [active]);
}
