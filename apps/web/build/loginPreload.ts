import type { Plugin } from "vite";

/**
 * The sign-in page has its own chunk (a signed-in first load does not carry it). For a
 * visitor with no login token stored, a small script in index.html asks for that chunk
 * (and the chunks it imports) beside the first load, so the form paints without waiting
 * for a second round trip. The token's key is authStorage's ("token"); a `?jwt=` address
 * is a sign-in in progress and skips the preload too.
 */
export function loginPreload(): Plugin {
  return {
    name: "manaspire-login-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunk = Object.values(bundle).find(
          (c) => c.type === "chunk" && c.facadeModuleId?.endsWith("/features/auth/LoginPage.tsx"),
        );
        if (chunk?.type !== "chunk") throw new Error("no chunk for the sign-in page");
        // What the first load does not already ask for.
        const files = [chunk.fileName, ...chunk.imports]
          .map((f) => `/${f}`)
          .filter((f) => !html.includes(`"${f}"`));
        const script = `(function(){try{if(localStorage.getItem("token")||/[?&]jwt=/.test(location.search))return}catch(e){}${JSON.stringify(files)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})})()`;
        return [{ tag: "script", children: script, injectTo: "head" }];
      },
    },
  };
}
