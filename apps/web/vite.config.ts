import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { clientRoutesFile } from "./build/clientRoutesFile.ts";
import { firstLoadChunk } from "./build/firstLoadChunk.ts";
import { loginPreload } from "./build/loginPreload.ts";
import { precompress } from "./build/precompress.ts";
import { webManifest } from "./build/webManifest.ts";

const backend = "http://127.0.0.1:3000";

const proxy = {
  "/api": { target: backend, changeOrigin: true },
  "/ws": { target: backend, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The offline-caching service worker (/sw.js, Workbox): it precaches the shell and every
    // screen's code, answers navigations with index.html when offline, and waits to take over
    // until the player accepts the "new version" prompt (features/pwa). Registered by the app
    // itself (injectRegister: false). The push notifications' worker lives at /push-sw.js
    // with its own scope.
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ["favicon.ico", "favicon.svg", "apple-touch-icon.png", "robots.txt"],
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,ico,png,webmanifest}"],
        // The big icons are for the installed app, fetched by the browser when it needs them.
        globIgnores: ["**/icon-512.png", "**/icon-maskable-512.png", "client-routes.json"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/metrics$/],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        sourcemap: false,
        runtimeCaching: [
          {
            // Emote images served by the game server: they never change under one address.
            urlPattern: /^\/api\/emotes\/.+\.webp$/,
            handler: "CacheFirst",
            options: {
              cacheName: "emotes",
              expiration: { maxEntries: 1000, maxAgeSeconds: 30 * 86_400 },
            },
          },
        ],
      },
    }),
    clientRoutesFile(),
    loginPreload(),
    precompress(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps stay beside the build for the operator; no file points at them and the server
    // does not serve them (no public source maps).
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        // React and the router change less often than the game: their own cached chunk.
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // Everything else the entry imports statically: one file, not one per module
            // that a lazy screen shares (build/firstLoadChunk.ts).
            { name: firstLoadChunk("index"), priority: 1 },
          ],
        },
      },
    },
  },
});
