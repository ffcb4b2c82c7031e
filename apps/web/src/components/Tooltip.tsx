import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import type { TooltipMode } from "../features/settings/localSettings";
import { useTooltipMode } from "../features/settings/useTooltipMode";
import { cx } from "../lib/cx";
import { placeTooltip } from "./tooltipPosition";

/** Hover delay before a tooltip opens (spec 000 section 9). */
export const TOOLTIP_DELAY_MS = 700;

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** Override the player's tooltip mode (hover by default, click on touch devices). */
  mode?: TooltipMode;
  className?: string;
  /** Extra classes for the floating panel. */
  panelClassName?: string;
  /** Render the trigger as a block <div> (for wrapping block content) instead of a <span>. */
  block?: boolean;
}

/**
 * Wraps its children in an inline trigger. Hover mode opens after 700 ms (or at once on
 * keyboard focus); click mode toggles on click/tap and closes on an outside click.
 */
export function Tooltip({
  content,
  children,
  mode,
  className,
  panelClassName,
  block = false,
}: TooltipProps) {
  const settingMode = useTooltipMode();
  const effectiveMode = mode ?? settingMode;
  const triggerRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: "hidden" });
  const id = useId();
  const Trigger = block ? "div" : "span";

  useEffect(() => {
    const trigger = triggerRef.current;
    if (!trigger) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const show = () => setOpen(true);
    const hide = () => {
      cancel();
      setOpen(false);
    };
    const onEnter = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      cancel();
      timer = setTimeout(show, TOOLTIP_DELAY_MS);
    };
    const onClick = () => setOpen((value) => !value);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };

    if (effectiveMode === "hover") {
      trigger.addEventListener("pointerenter", onEnter);
      trigger.addEventListener("pointerleave", hide);
      trigger.addEventListener("focusin", show);
      trigger.addEventListener("focusout", hide);
    } else {
      trigger.addEventListener("click", onClick);
    }
    trigger.addEventListener("keydown", onKey);
    return () => {
      cancel();
      trigger.removeEventListener("pointerenter", onEnter);
      trigger.removeEventListener("pointerleave", hide);
      trigger.removeEventListener("focusin", show);
      trigger.removeEventListener("focusout", hide);
      trigger.removeEventListener("click", onClick);
      trigger.removeEventListener("keydown", onKey);
    };
  }, [effectiveMode]);

  // Click mode: close on a click anywhere else.
  useEffect(() => {
    if (!open || effectiveMode !== "click") return;
    const onDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (triggerRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open, effectiveMode]);

  const reposition = useCallback(() => {
    const trigger = triggerRef.current;
    const panel = panelRef.current;
    if (!trigger || !panel) return;
    const anchor = trigger.getBoundingClientRect();
    const placement = placeTooltip(
      anchor,
      { width: panel.offsetWidth, height: panel.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    setStyle({ left: placement.left, top: placement.top, visibility: "visible" });
  }, []);

  useLayoutEffect(() => {
    if (!open) {
      setStyle({ visibility: "hidden" });
      return;
    }
    reposition();
    window.addEventListener("scroll", reposition, true);
    window.addEventListener("resize", reposition);
    return () => {
      window.removeEventListener("scroll", reposition, true);
      window.removeEventListener("resize", reposition);
    };
  }, [open, reposition]);

  return (
    <>
      <Trigger
        ref={triggerRef as RefObject<HTMLDivElement & HTMLSpanElement>}
        className={cx(
          block ? "block" : "inline-flex",
          effectiveMode === "click" && "cursor-help",
          className,
        )}
        aria-describedby={open ? id : undefined}
      >
        {children}
      </Trigger>
      {open
        ? createPortal(
            <div
              ref={panelRef}
              id={id}
              role="tooltip"
              style={style}
              className={cx(
                "pointer-events-auto fixed z-[60] max-w-72 animate-fade-in rounded-lg border border-edge-bright bg-night-800 px-3 py-2 text-xs leading-relaxed text-ink shadow-[0_12px_32px_-8px_rgb(0_0_0/0.8)]",
                panelClassName,
              )}
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
