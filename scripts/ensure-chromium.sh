#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded browser): the full browser for the
# installed-app journeys and Lighthouse, its headless build (chromium-headless-shell) for the rest
# (e2e/support.ts). Installs what is missing when this machine can (root with apt-get); otherwise
# says what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  exit 0
fi
echo "Chromium not found at $CHROMIUM or $HEADLESS_SHELL. Install both (sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH." >&2
exit 1
