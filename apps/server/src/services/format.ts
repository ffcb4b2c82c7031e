/** A whole number as players read it in toasts and logs: 12,345 (English separators). */
export const fmt = (n: number): string => n.toLocaleString("en");
