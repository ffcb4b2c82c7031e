import {
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { Candle } from "./priceHistory";

/** Colours of the theme (styles/index.css). */
const UP = "#4ade80";
const DOWN = "#f87171";
const INK = "#b8b3d9";
const GRID = "rgba(255,255,255,0.05)";
const MIN_BARS = 24;

/**
 * The price chart: candles with the volume below (lightweight-charts, loaded with this
 * module only when a player opens the market).
 */
export default function PriceChart({ candles }: { candles: readonly Candle[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: INK,
        fontFamily: "inherit",
        // The library's logo injects an inline <style>, which the server's Content-Security-
        // Policy refuses; the attribution is the link below the chart instead.
        attributionLogo: false,
      },
      grid: { vertLines: { color: GRID }, horzLines: { color: GRID } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const prices = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
      priceFormat: { type: "price", precision: 0, minMove: 1 },
      // Prices are never negative, whatever margin the autoscale adds around a flat candle.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (info?.priceRange) info.priceRange.minValue = Math.max(0, info.priceRange.minValue);
        return info;
      },
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceFormat: { type: "volume" },
      priceScaleId: "",
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    prices.setData(
      candles.map((c) => ({
        time: (c.start / 1000) as UTCTimestamp,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
      })),
    );
    volume.setData(
      candles.map((c) => ({
        time: (c.start / 1000) as UTCTimestamp,
        value: c.volume,
        color: c.close >= c.open ? "rgba(74,222,128,0.35)" : "rgba(248,113,113,0.35)",
      })),
    );
    // At least a day's width of bars, so a few candles stay candle-sized.
    const n = candles.length;
    chart
      .timeScale()
      .setVisibleLogicalRange({ from: Math.min(0, n - MIN_BARS) - 0.5, to: n - 0.5 });
    return () => chart.remove();
  }, [candles]);
  return (
    <figure className="m-0">
      <div ref={ref} className="h-56 w-full" data-testid="price-chart" />
      <figcaption className="mt-1 text-right text-xs text-ink-faint">
        Chart by{" "}
        <a
          href="https://www.tradingview.com/"
          target="_blank"
          rel="noopener noreferrer"
          className="underline"
        >
          TradingView
        </a>
      </figcaption>
    </figure>
  );
}
