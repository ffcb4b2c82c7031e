/**
 * The page an identity provider's flow ends on (spec 000 section 7: completion arrives as a
 * window message `oauth-success` with the token, or `oauth-error` with the message).
 *
 * In the popup it posts the message to its opener (same origin only) and closes. A popup that
 * lost its opener (a provider's Cross-Origin-Opener-Policy severs it) announces the result on
 * a BroadcastChannel and closes once the game's window acknowledges. Without either, it is the
 * game's own window (the popup was blocked or closed): it keeps the token where the game keeps
 * it (localStorage "token") and goes on, or shows the error on the page that started. The
 * token never appears in an address.
 */
export interface Completion {
  type: "oauth-success" | "oauth-error";
  /** The login token, or the error message. */
  data: string;
  /** Where this window goes when it is not a popup ("/", or the page with the error). */
  next: string;
}

export const OAUTH_CHANNEL = "manaspire-oauth";

export function completionPage(result: Completion): string {
  // JSON inside a script: "<" escaped so no text can close the script element.
  const payload = JSON.stringify(result)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, "");
  const heading = result.type === "oauth-success" ? "Signed in" : "Sign-in failed";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Manaspire</title>
<style>body{margin:0;display:grid;place-items:center;min-height:100vh;background:#0d0b1e;color:#ece9ff;font:16px system-ui,sans-serif}</style>
</head>
<body>
<main><h1>${heading}</h1><p>Returning to the game…</p></main>
<script>
(function () {
  var r = ${payload};
  var msg = { type: r.type, data: r.data };
  function finishHere() {
    try { if (r.type === "oauth-success" && r.data) localStorage.setItem("token", r.data); } catch (e) {}
    location.replace(r.next);
  }
  var opener = null;
  try {
    // Only an opener of this site (reading another site's location throws).
    if (window.opener && window.opener !== window && window.opener.location.origin === location.origin) {
      opener = window.opener;
    }
  } catch (e) {}
  if (opener) {
    opener.postMessage(msg, location.origin);
    window.close();
    return;
  }
  var channel = null;
  try { channel = new BroadcastChannel(${JSON.stringify(OAUTH_CHANNEL)}); } catch (e) {}
  if (!channel) { finishHere(); return; }
  var id = Math.random().toString(36).slice(2);
  var done = false;
  channel.onmessage = function (event) {
    if (!done && event.data && event.data.ack === id) { done = true; channel.close(); window.close(); }
  };
  channel.postMessage({ type: msg.type, data: msg.data, id: id });
  setTimeout(function () { if (!done) { done = true; channel.close(); finishHere(); } }, 800);
})();
</script>
</body>
</html>`;
}
