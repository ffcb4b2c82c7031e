import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = "http://127.0.0.1:3000";

const proxy = {
  "/api": { target: backend, changeOrigin: true },
  "/ws": { target: backend, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
});
