#!/bin/sh
# `npm start`: builds the web client and the server when the build tools are installed (a
# development checkout: always current), then runs the built server with plain node. After
# `npm run build` and `npm ci --omit=dev` (no build tools), it only runs what was built.
set -e
cd "$(dirname "$0")/.."
if [ -x node_modules/.bin/vite ] && [ -x node_modules/.bin/esbuild ]; then
  npm run build
elif [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then
  echo "Nothing built and no build tools: run 'npm install && npm run build' first." >&2
  exit 1
fi
exec node apps/server/dist/main.js
