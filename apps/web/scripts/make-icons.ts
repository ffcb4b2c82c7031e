/**
 * Draws the app icons in public/ from the spire mark (run by hand when the mark changes:
 * `node --import tsx apps/web/scripts/make-icons.ts`): icon-192.png and icon-512.png (rounded
 * tile), icon-maskable-512.png (full bleed, the mark inside the safe circle),
 * apple-touch-icon.png (180, full bleed: iOS rounds it) and favicon.ico (16 and 32 px PNGs).
 * Rendered by Debian's Chromium, so no image tool is needed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const publicDir = path.resolve(import.meta.dirname, "../public");

/** The mark on the night background; `inset` is the share of the side left around the mark. */
function iconSvg(size: number, { rounded, inset }: { rounded: boolean; inset: number }): string {
  const pad = size * inset;
  const mark = size - 2 * pad;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.35" r="0.75">
      <stop offset="0" stop-color="#2a1d66"/><stop offset="1" stop-color="#0c0a22"/>
    </radialGradient>
    <linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e4d8ff"/><stop offset="0.55" stop-color="#b79cff"/><stop offset="1" stop-color="#703fe2"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="url(#bg)"/>
  <g transform="translate(${pad} ${pad}) scale(${mark / 32})">
    <path d="M16 1.5 22 13 16 30.5 10 13Z" fill="url(#g)"/>
    <path d="M16 1.5V30.5L10 13Z" fill="#fff" fill-opacity="0.22"/>
    <path d="M10 13h12" stroke="#fff" stroke-opacity="0.35" stroke-width="0.8"/>
    <path d="M4.5 18.5 7 17l-1.5 3.5ZM27.5 18.5 25 17l1.5 3.5Z" fill="#f2c66d"/>
  </g>
</svg>`;
}

/** An .ico holding PNG images (every current browser reads PNG inside ICO). */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
async function render(svg: string, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

const files: Record<string, Buffer> = {
  "icon-192.png": await render(iconSvg(192, { rounded: true, inset: 0.14 }), 192),
  "icon-512.png": await render(iconSvg(512, { rounded: true, inset: 0.14 }), 512),
  // Maskable: the platform cuts any shape out of the middle 80%; the mark stays inside it.
  "icon-maskable-512.png": await render(iconSvg(512, { rounded: false, inset: 0.24 }), 512),
  "apple-touch-icon.png": await render(iconSvg(180, { rounded: false, inset: 0.16 }), 180),
};
files["favicon.ico"] = ico([
  { size: 16, png: await render(iconSvg(16, { rounded: true, inset: 0.02 }), 16) },
  { size: 32, png: await render(iconSvg(32, { rounded: true, inset: 0.04 }), 32) },
]);
for (const [name, data] of Object.entries(files)) writeFileSync(path.join(publicDir, name), data);
await browser.close();
console.log(`icons written to ${publicDir}`);
