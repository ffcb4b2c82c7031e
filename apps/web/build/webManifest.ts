import type { ManifestOptions } from "vite-plugin-pwa";

/** The web app manifest (/manifest.webmanifest): what an installed Manaspire looks like. */
export const webManifest: Partial<ManifestOptions> = {
  id: "/",
  name: "Manaspire",
  short_name: "Manaspire",
  description:
    "An idle fantasy magic MMO: battle with fire, water and nature magic, gather, trade and climb the spire.",
  lang: "en",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "any",
  background_color: "#07061a",
  theme_color: "#0b0a1a",
  categories: ["games"],
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
