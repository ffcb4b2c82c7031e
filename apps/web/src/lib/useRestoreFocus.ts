import { useLayoutEffect } from "react";

/**
 * Gives the focus back to whatever had it when the component mounted (the button that
 * opened a dialog) once it unmounts, if that element is still on the page and nothing else
 * took the focus meanwhile outside the closing component.
 */
export function useRestoreFocus(): void {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      // After the closing element has left the page (its focus falls to <body>).
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (!opener.isConnected || (now && now !== document.body && now.isConnected)) return;
        opener.focus({ preventScroll: true });
      });
    };
  }, []);
}
