/**
 * The page a link address opens: sends this browser's login token with the ticket to the
 * server, which checks that it is of the ticket's account, then goes where the server says
 * (the provider, or the error page).
 */
export function linkCheckPage(provider: string, ticket: string): string {
  const post = JSON.stringify(`/api/link/${provider}/continue`);
  const failed = JSON.stringify(`/api/link/${provider}/continue?failed=noTicket`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Manaspire</title>
<style>body{margin:0;display:grid;place-items:center;min-height:100vh;background:#0d0b1e;color:#ece9ff;font:16px system-ui,sans-serif}</style>
</head><body><main><p>Linking…</p></main>
<script>
(function () {
  var token = "";
  try { token = localStorage.getItem("token") || ""; } catch (e) {}
  fetch(${post}, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ticket: ${JSON.stringify(ticket)}, token: token })
  })
    .then(function (r) { return r.json(); })
    .then(function (a) { location.replace(a && typeof a.url === "string" ? a.url : ${failed}); })
    .catch(function () { location.replace(${failed}); });
})();
</script></body></html>`;
}
