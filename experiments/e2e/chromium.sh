# Sourced by the end-to-end scripts (make e2e): sets CHROMIUM to Debian's chromium,
# installing the package with apt when it is missing. $1 is the prefix of its messages.
find_chromium() {
  for c in chromium chromium-browser google-chrome; do
    if command -v "$c" >/dev/null 2>&1; then command -v "$c"; return 0; fi
  done
  return 1
}

if ! CHROMIUM=$(find_chromium); then
  echo "$1: chromium not found; installing Debian's chromium package"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
  CHROMIUM=$(find_chromium)
fi
echo "$1: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
