#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (Playwright never downloads a browser here): the
# `chromium` package, and its `chromium-headless-shell` that most specs run in
# (playwright.config.ts; without the shell they all run in the full browser).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_PATH="${CHROMIUM_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$SHELL_PATH" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's ${missing[*]} for the end-to-end tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [ -x "$CHROMIUM" ]; then
  echo "chromium-headless-shell not found at $SHELL_PATH: every spec runs in $CHROMIUM (slower)." >&2
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (Debian/Ubuntu: sudo apt-get install chromium)" >&2
echo "or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
exit 1
